#!/usr/bin/env bash
# Docker cannot run here, so this rebuilds the runtime stage's file layout the way the Dockerfile does
# (pnpm deploy --prod of the API + its bundle + the web build) and starts it with the image's environment.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=$(mktemp -d)
DATA=$(mktemp -d)
PID=""
PIDS=()
trap '[ -n "$PID" ] && kill "$PID" 2>/dev/null; for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done; rm -rf "$OUT" "$DATA"' EXIT

[ -f apps/api/dist/server.js ] && [ -f apps/web/dist/index.html ] || pnpm build
pnpm --filter @aec/api deploy --prod --legacy "$OUT/app" >/dev/null
cp -r apps/api/dist "$OUT/app/dist"
mkdir -p "$OUT/app/web" && cp -r apps/web/dist "$OUT/app/web/dist"
PORT=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
(cd "$OUT/app" && env -i PATH="$PATH" NODE_ENV=production HOST=127.0.0.1 PORT="$PORT" DATA_DIR="$DATA" \
  WEB_DIST_DIR="$OUT/app/web/dist" JWT_SECRET=docker-runtime-check-secret-0123456789abcdef LOG_LEVEL=warn \
  node dist/server.js) &
PID=$!
for _ in $(seq 1 60); do curl -fsS "http://127.0.0.1:$PORT/health" >/dev/null 2>&1 && break; sleep 0.5; done
curl -fsS "http://127.0.0.1:$PORT/health" | grep -q '"status":"ok"'
curl -fsS "http://127.0.0.1:$PORT/dashboard" | grep -q '<title>AEC Con-Tech Data Tools'
# The image's healthcheck command, verbatim apart from the port.
PORT=$PORT node -e "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
echo "docker runtime layout: health ok, web app served, healthcheck command ok"

# docker-compose.yml's scaled profile: the file and the Caddyfile parse and say what the README says, then each
# role starts from this layout with its compose environment (only the address, data folder and database replaced:
# FerretDB stands in for the mongo service, and has no replica set).
python3 scripts/check-compose.py
if [ -z "${TEST_MONGODB_URI:-}" ]; then
  echo "NOT CHECKED: the api and worker roles of the scaled profile need TEST_MONGODB_URI (scripts/ferretdb.sh start <dir>)"
  exit 77
fi
DB_URI="${TEST_MONGODB_URI%/}/aec_compose_$$"
export JWT_SECRET=docker-runtime-check-secret-0123456789abcdef
for service in api worker; do
  mapfile -t SERVICE_ENV < <(python3 scripts/check-compose.py env "$service")
  ROLE_PORT=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
  ROLE_DATA="$DATA/$service"
  mkdir -p "$ROLE_DATA"
  (cd "$OUT/app" && env -i PATH="$PATH" WEB_DIST_DIR="$OUT/app/web/dist" LOG_LEVEL=warn "${SERVICE_ENV[@]}" \
    HOST=127.0.0.1 PORT="$ROLE_PORT" DATA_DIR="$ROLE_DATA" MONGODB_URI="$DB_URI" node dist/server.js) &
  PIDS+=($!)
  for _ in $(seq 1 60); do curl -fsS "http://127.0.0.1:$ROLE_PORT/health" >/dev/null 2>&1 && break; sleep 0.5; done
  curl -fsS "http://127.0.0.1:$ROLE_PORT/health" | grep -q "\"role\":\"$service\""
  PORT=$ROLE_PORT node -e "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
  page=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$ROLE_PORT/dashboard")
  if [ "$service" = api ]; then [ "$page" = 200 ]; else [ "$page" = 404 ]; fi
  echo "compose service $service: ROLE=$service from docker-compose.yml, health ok, /dashboard $page"
done
