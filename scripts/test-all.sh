#!/usr/bin/env bash
# Every test: integration and unit tests on the embedded PGlite (on the machine's Node.js), the
# same tests on PostgreSQL (on Node.js 24 LTS), then the browser tests in headless Chromium.
# Installs what a clean machine lacks.
set -euo pipefail
cd "$(dirname "$0")/.."

POSTGRES_TEST_URL="${POSTGRES_TEST_URL:-postgres://postgres@127.0.0.1:5432/test}"

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  echo "Starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "Starting Redis (the shared rate-limit test needs it)"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.5; done
fi

# Node.js 24 LTS, from the npm registry when the machine's Node.js is older (scripts/node24.sh).
if [ "$(node -p 'process.versions.node.split(".")[0]')" -ge 24 ]; then
  NODE24_PATH="$PATH"
else
  NODE24_PATH="$(bash scripts/node24.sh):$PATH"
fi

echo "== tests on PGlite, Node.js $(node -v)"
env -u DATABASE_URL npm test

echo "== tests on PostgreSQL ($POSTGRES_TEST_URL), Node.js $(PATH="$NODE24_PATH" node -v)"
# The read-replica test's hot standby of that PostgreSQL (docs/replicas.md), removed after the run.
bash scripts/replica.sh start
export POSTGRES_REPLICA_TEST_URL="${POSTGRES_REPLICA_TEST_URL:-postgres://postgres@127.0.0.1:5433/test}"
PATH="$NODE24_PATH" DATABASE_URL="$POSTGRES_TEST_URL" npm test
bash scripts/replica.sh remove

echo "== browser tests"
npm run test:e2e
