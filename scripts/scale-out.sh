#!/usr/bin/env bash
# Two TeenVoice copies on one PostgreSQL and one Redis, behind HAProxy: the topology of
# deploy/compose.yaml, run on this machine with the same commands, so the compose file is tested
# through this script (apps/server/src/test/scale-out.test.ts).
#
#   scripts/scale-out.sh start     build if needed, start both copies and the proxy, wait until ready
#   scripts/scale-out.sh stop      stop them
#   scripts/scale-out.sh status    what is running, and which copy answers /readyz through the proxy
#
# Required:  DATABASE_URL (PostgreSQL), REDIS_URL, SESSION_SECRET (32+ characters, the same for both)
# Optional:  PROXY_PORT (8080), APP_PORTS ("3601 3602"), PUBLIC_URL (http://localhost:$PROXY_PORT),
#            TRUST_PROXY (127.0.0.1), DATA_DIR ($SCALE_OUT_DIR/data), SCALE_OUT_DIR (.scale-out),
#            SEED_DEMO=true (put the demo accounts and surveys in first; production itself never does)
#            and anything else the server reads (SMTP_URL, S3_*, AUTH_RATE_LIMIT, …).
set -euo pipefail
cd "$(dirname "$0")/.."

RUN_DIR=${SCALE_OUT_DIR:-$PWD/.scale-out}
PROXY_PORT=${PROXY_PORT:-8080}
read -r -a PORTS <<<"${APP_PORTS:-3601 3602}"

ensure_haproxy() {
  if command -v haproxy >/dev/null 2>&1; then return; fi
  echo "HAProxy is missing: installing Debian's haproxy package…"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq haproxy >/dev/null
  # Debian's package starts its own HAProxy on port 80; this script runs its own.
  $sudo service haproxy stop >/dev/null 2>&1 || true
}

wait_ready() { # url name pidfile
  for _ in $(seq 1 240); do
    if curl -fsS -o /dev/null "$1"; then return 0; fi
    if [ -n "${3:-}" ] && ! kill -0 "$(cat "$3")" 2>/dev/null; then
      echo "$2 exited while starting; its log:" >&2
      tail -n 40 "$RUN_DIR/$2.log" >&2 || true
      return 1
    fi
    sleep 0.25
  done
  echo "$2 did not become ready at $1" >&2
  return 1
}

stop_one() { # name
  local pidfile="$RUN_DIR/$1.pid"
  [ -f "$pidfile" ] || return 0
  local pid
  pid=$(cat "$pidfile")
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$pidfile"
}

start() {
  : "${DATABASE_URL:?set DATABASE_URL to the PostgreSQL both copies share}"
  : "${REDIS_URL:?set REDIS_URL to the Redis both copies share}"
  : "${SESSION_SECRET:?set SESSION_SECRET (32 characters or more), the same for both copies}"
  ensure_haproxy
  mkdir -p "$RUN_DIR"
  stop_all

  # What the image's build stage does (Dockerfile); a no-op when the build is current.
  node scripts/build.mjs

  export NODE_ENV=production
  export PUBLIC_URL=${PUBLIC_URL:-http://localhost:$PROXY_PORT}
  export TRUST_PROXY=${TRUST_PROXY:-127.0.0.1}
  export DATA_DIR=${DATA_DIR:-$RUN_DIR/data}
  mkdir -p "$DATA_DIR"

  if [ "${SEED_DEMO:-false}" = true ]; then
    NODE_ENV=development node apps/server/dist/seed.js >"$RUN_DIR/seed.log" 2>&1
  fi

  # Both copies start at once, as an orchestrator starts them: migrations wait on one lock.
  local i
  for i in 0 1; do
    PORT=${PORTS[$i]} nohup node apps/server/dist/server.js >"$RUN_DIR/app$((i + 1)).log" 2>&1 &
    echo $! >"$RUN_DIR/app$((i + 1)).pid"
  done
  for i in 0 1; do
    wait_ready "http://127.0.0.1:${PORTS[$i]}/readyz" "app$((i + 1))" "$RUN_DIR/app$((i + 1)).pid"
  done

  APP1_ADDR=127.0.0.1:${PORTS[0]} APP2_ADDR=127.0.0.1:${PORTS[1]} PROXY_BIND=127.0.0.1:$PROXY_PORT \
    nohup haproxy -db -f deploy/haproxy.cfg >"$RUN_DIR/haproxy.log" 2>&1 &
  echo $! >"$RUN_DIR/haproxy.pid"
  wait_ready "http://127.0.0.1:$PROXY_PORT/readyz" haproxy "$RUN_DIR/haproxy.pid"
  echo "TeenVoice runs at $PUBLIC_URL: two copies (ports ${PORTS[0]} and ${PORTS[1]}) behind HAProxy."
}

stop_all() {
  stop_one haproxy
  stop_one app1
  stop_one app2
}

status() {
  local name
  for name in app1 app2 haproxy; do
    if [ -f "$RUN_DIR/$name.pid" ] && kill -0 "$(cat "$RUN_DIR/$name.pid")" 2>/dev/null; then
      echo "$name: running (pid $(cat "$RUN_DIR/$name.pid"))"
    else
      echo "$name: stopped"
    fi
  done
  curl -fsS -D - -o /dev/null "http://127.0.0.1:$PROXY_PORT/readyz" 2>/dev/null | grep -i '^x-served-by' || true
}

case "${1:-}" in
  start) start ;;
  stop) stop_all ;;
  status) status ;;
  *)
    echo "usage: scripts/scale-out.sh start|stop|status" >&2
    exit 2
    ;;
esac
