#!/usr/bin/env bash
# Local MongoDB-wire-protocol server for tests/CI: embedded FerretDB v1 (SQLite handler).
#
#   scripts/ferretdb.sh start <datadir>   # prints exactly one line: mongodb://127.0.0.1:<port>/
#   scripts/ferretdb.sh stop  <datadir>   # stops the server started for <datadir>
#   scripts/ferretdb.sh build             # only build tools/ferretdb/ferretdb
#
# Exit codes: 0 ok; 2 usage; 3 server unavailable (go missing / build failed) - callers
# should skip Mongo tests and print the stderr reason; 4 server failed to start.
# Logs: <datadir>/ferretdb.log, pid: <datadir>/ferretdb.pid, SQLite files: <datadir>/db/.
# Env: FERRETDB_START_TIMEOUT (seconds, default 60), FERRETDB_LOG_LEVEL (default warn).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOL_DIR="$ROOT/tools/ferretdb"
BIN="$TOOL_DIR/ferretdb"

die() { local code="$1"; shift; echo "ferretdb.sh: $*" >&2; exit "$code"; }

build() {
  if [[ -x "$BIN" && "$BIN" -nt "$TOOL_DIR/main.go" && "$BIN" -nt "$TOOL_DIR/go.mod" && "$BIN" -nt "$TOOL_DIR/go.sum" ]]; then
    return 0
  fi
  command -v go >/dev/null 2>&1 || die 3 "go toolchain not found in PATH; cannot build FerretDB"
  local log
  log="$(mktemp)"
  echo "ferretdb.sh: building $BIN (first build downloads modules, ~1 min)..." >&2
  if ! (cd "$TOOL_DIR" && go build -o "$BIN.tmp" . ) </dev/null >"$log" 2>&1; then
    # Retry with -mod=mod only when go.mod/go.sum need updating (e.g. another Go version).
    if ! grep -qE 'go\.mod|go\.sum|-mod=mod' "$log" \
      || ! (cd "$TOOL_DIR" && GOFLAGS="${GOFLAGS:-} -mod=mod" go build -o "$BIN.tmp" . ) </dev/null >>"$log" 2>&1; then
      tail -n 30 "$log" >&2
      rm -f "$log" "$BIN.tmp"
      die 3 "go build of tools/ferretdb failed (see output above)"
    fi
  fi
  rm -f "$log"
  mv -f "$BIN.tmp" "$BIN"
}

free_port() {
  command -v python3 >/dev/null 2>&1 || die 4 "python3 not found (needed to pick a free port)"
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

port_open() {
  python3 -c 'import socket,sys; s=socket.socket(); s.settimeout(0.5); sys.exit(0 if s.connect_ex(("127.0.0.1",int(sys.argv[1])))==0 else 1)' "$1" 2>/dev/null
}

is_running() { # pidfile
  [[ -f "$1" ]] || return 1
  local pid
  pid="$(head -n1 "$1" 2>/dev/null || true)"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null
}

start() {
  local data="$1"
  mkdir -p "$data"
  data="$(cd "$data" && pwd)"
  local pidfile="$data/ferretdb.pid" portfile="$data/ferretdb.port" logfile="$data/ferretdb.log"

  build

  if is_running "$pidfile" && [[ -f "$portfile" ]] && port_open "$(cat "$portfile")"; then
    echo "mongodb://127.0.0.1:$(cat "$portfile")/"
    return 0
  fi

  local timeout="${FERRETDB_START_TIMEOUT:-60}" attempt port pid i
  for attempt in 1 2 3; do
    port="$(free_port)"
    : >"$logfile"
    # setsid: own session so CI job control / Ctrl-C of the caller does not kill it mid-test.
    setsid "$BIN" -listen "127.0.0.1:$port" -data "$data/db" -log-level "${FERRETDB_LOG_LEVEL:-warn}" \
      </dev/null >>"$logfile" 2>&1 &
    pid=$!
    echo "$pid" >"$pidfile"
    echo "$port" >"$portfile"
    for ((i = 0; i < timeout * 5; i++)); do
      if ! kill -0 "$pid" 2>/dev/null; then
        break # died (e.g. port race) -> retry with another port
      fi
      if port_open "$port"; then
        echo "mongodb://127.0.0.1:$port/"
        return 0
      fi
      sleep 0.2
    done
    if kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid" 2>/dev/null || true
      rm -f "$pidfile" "$portfile"
      tail -n 20 "$logfile" >&2 || true
      die 4 "FerretDB did not accept connections on 127.0.0.1:$port within ${timeout}s (log: $logfile)"
    fi
    echo "ferretdb.sh: server exited during startup (attempt $attempt):" >&2
    tail -n 10 "$logfile" >&2 || true
  done
  rm -f "$pidfile" "$portfile"
  die 4 "FerretDB failed to start (log: $logfile)"
}

stop() {
  local data="$1"
  [[ -d "$data" ]] || return 0
  local pidfile="$data/ferretdb.pid" pid i
  if is_running "$pidfile"; then
    pid="$(head -n1 "$pidfile")"
    kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < 50; i++)); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$pidfile" "$data/ferretdb.port"
}

cmd="${1:-}"
case "$cmd" in
  start) [[ $# -eq 2 ]] || die 2 "usage: $0 start <datadir>"; start "$2" ;;
  stop) [[ $# -eq 2 ]] || die 2 "usage: $0 stop <datadir>"; stop "$2" ;;
  build) build ;;
  *) die 2 "usage: $0 {start|stop} <datadir> | $0 build" ;;
esac
