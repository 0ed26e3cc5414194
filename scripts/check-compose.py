#!/usr/bin/env python3
"""Docker cannot run here: checks what docker-compose.yml and the Caddyfile say without it.

`check-compose.py` parses the compose file and checks the default services and the `scaled` profile (roles,
replicas, scalable workers, the replica set, the proxy and its Caddyfile); exit 1 naming every problem.
`check-compose.py env <service>` prints that service's environment (KEY=VALUE lines, ${VAR:?...} taken from the
process environment) so check-docker-runtime.sh starts the server with exactly it.
Exit 77 with "NOT CHECKED: ..." when PyYAML is missing.
"""
import os
import re
import sys

try:
    import yaml
except ImportError:
    print("NOT CHECKED: docker-compose.yml parse needs PyYAML (python3 -m pip install pyyaml)")
    sys.exit(77)

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
with open(os.path.join(ROOT, "docker-compose.yml"), encoding="utf-8") as f:
    compose = yaml.safe_load(f)
services = compose.get("services", {})


def substitute(value):
    # ${NAME:?message} and ${NAME:-default} as compose reads them, from this process's environment.
    def one(m):
        name, op, rest = m.group(1), m.group(2), m.group(3)
        got = os.environ.get(name, "")
        if got:
            return got
        if op == ":-":
            return rest
        sys.exit(f"{name}: {rest}")
    return re.sub(r"\$\{([A-Z_][A-Z0-9_]*)(:[?-])?([^}]*)\}", one, str(value))


def environment(name):
    env = services[name].get("environment", {})
    if isinstance(env, list):
        env = dict(item.split("=", 1) for item in env)
    return {k: substitute(v) for k, v in env.items()}


if len(sys.argv) == 3 and sys.argv[1] == "env":
    for key, value in environment(sys.argv[2]).items():
        print(f"{key}={value}")
    sys.exit(0)

problems = []
def check(ok, message):
    if not ok:
        problems.append(message)

os.environ.setdefault("JWT_SECRET", "compose-check-secret-0123456789abcdef")
for name in ("mongo", "app"):
    check(name in services and not services[name].get("profiles"), f"{name}: a default service (no profile)")
for name in ("api", "worker", "proxy"):
    check(services.get(name, {}).get("profiles") == ["scaled"], f"{name}: in the scaled profile only")

mongo = services.get("mongo", {})
check("--replSet" in mongo.get("command", []) and "rs0" in mongo.get("command", []), "mongo: runs --replSet rs0")
health = " ".join(map(str, mongo.get("healthcheck", {}).get("test", [])))
check("rs.initiate" in health and "mongo:27017" in health, "mongo: healthcheck initiates rs0 as mongo:27017")

for name, role in (("app", None), ("api", "api"), ("worker", "worker")):
    if name not in services:
        continue
    env = environment(name)
    check(env.get("ROLE") == role, f"{name}: ROLE={role}")
    check("replicaSet=rs0" in env.get("MONGODB_URI", ""), f"{name}: MONGODB_URI names replicaSet=rs0")
for name in ("api", "worker"):
    service = services.get(name, {})
    check(service.get("deploy", {}).get("replicas") == 2, f"{name}: 2 replicas")
    # A fixed host port or container name would make `--scale` fail on the second replica.
    check(not service.get("ports") and not service.get("container_name"), f"{name}: scalable (no ports, no name)")
check(environment("api").get("TRUST_PROXY") == "true" if "api" in services else False, "api: TRUST_PROXY=true")

proxy = services.get("proxy", {})
check(str(proxy.get("image", "")).startswith("caddy:2"), "proxy: the official caddy:2 image")
check("./Caddyfile:/etc/caddy/Caddyfile:ro" in proxy.get("volumes", []), "proxy: mounts ./Caddyfile")
caddyfile_path = os.path.join(ROOT, "Caddyfile")
if os.path.exists(caddyfile_path):
    with open(caddyfile_path, encoding="utf-8") as f:
        caddy = "\n".join(line.split("#", 1)[0] for line in f)
    depth = 0
    for ch in caddy:
        depth += {"{": 1, "}": -1}.get(ch, 0)
        check(depth >= 0, "Caddyfile: a } closes nothing")
    check(depth == 0, "Caddyfile: braces balance")
    words = caddy.split()
    check("reverse_proxy" in words, "Caddyfile: reverse_proxy")
    check(re.search(r"flush_interval\s+-1\b", caddy) is not None, "Caddyfile: flush_interval -1 (SSE unbuffered)")
    port = environment("api").get("PORT") if "api" in services else None
    check(re.search(r"name\s+api\b", caddy) and re.search(rf"port\s+{port}\b", caddy), "Caddyfile: upstreams api:PORT")
else:
    problems.append("Caddyfile: missing")

for p in dict.fromkeys(problems):
    print(f"docker-compose.yml: {p}", file=sys.stderr)
if problems:
    sys.exit(1)
print("docker-compose.yml: default services and the scaled profile (api ×2, worker ×2 scalable, caddy proxy) ok")
