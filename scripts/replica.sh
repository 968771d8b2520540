#!/usr/bin/env bash
# A hot standby of the machine's PostgreSQL, for the read-replica tests (docs/replicas.md).
#
#   scripts/replica.sh start    make it (pg_basebackup -R from the primary) unless it exists, start
#                               it, wait until it accepts connections and is in recovery
#   scripts/replica.sh stop     stop it (kept, with its replication slot, for the next start)
#   scripts/replica.sh remove   stop it, delete its directory and drop its replication slot
#   scripts/replica.sh status   exit 0 when it is running
#
# Every command is idempotent. The standby runs as the postgres OS user (PostgreSQL refuses root).
# The primary must accept replication connections from 127.0.0.1: when it does not, a trust line
# for them is appended to its pg_hba.conf and the configuration reloaded (said on stderr).
# Environment: REPLICA_DIR (/tmp/shop-replica), REPLICA_PORT (5433), PRIMARY_HOST (127.0.0.1),
# PRIMARY_PORT (5432).
set -euo pipefail

REPLICA_DIR="${REPLICA_DIR:-/tmp/shop-replica}"
REPLICA_PORT="${REPLICA_PORT:-5433}"
PRIMARY_HOST="${PRIMARY_HOST:-127.0.0.1}"
PRIMARY_PORT="${PRIMARY_PORT:-5432}"
SLOT="shop_replica_${REPLICA_PORT}"

primary_sql() { psql -X -q -At -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -d postgres -c "$1"; }
replica_sql() { psql -X -q -At -h 127.0.0.1 -p "$REPLICA_PORT" -U postgres -d postgres -c "$1" 2>/dev/null; }
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# The binaries of the primary's major version (Debian keeps each in /usr/lib/postgresql/<major>).
major="$(primary_sql 'show server_version_num')"
major=$((major / 10000))
BIN="/usr/lib/postgresql/${major}/bin"
[ -x "$BIN/pg_ctl" ] || BIN="$(dirname "$(command -v pg_basebackup)")"

running() { [ -f "$REPLICA_DIR/PG_VERSION" ] && as_postgres "$BIN/pg_ctl" -D "$REPLICA_DIR" status >/dev/null 2>&1; }

stop_replica() {
  if running; then as_postgres "$BIN/pg_ctl" -D "$REPLICA_DIR" -m fast -w -t 30 stop >/dev/null; fi
}

drop_slot() {
  primary_sql "select pg_drop_replication_slot('$SLOT') from pg_replication_slots where slot_name = '$SLOT' and not active" >/dev/null
}

allow_replication_connections() {
  if psql -X -q -At "host=$PRIMARY_HOST port=$PRIMARY_PORT user=postgres dbname=postgres replication=true" -c 'IDENTIFY_SYSTEM' >/dev/null 2>&1; then
    return
  fi
  local hba
  hba="$(primary_sql 'show hba_file')"
  echo "replica.sh: the primary refused a replication connection; appending a trust line for 127.0.0.1 to $hba and reloading" >&2
  printf '\n# Added by scripts/replica.sh: replication connections for the test standby\nhost replication all 127.0.0.1/32 trust\n' >>"$hba"
  primary_sql 'select pg_reload_conf()' >/dev/null
  sleep 0.5
}

# Whether the existing directory is a standby of this primary that can still stream from its slot.
usable_copy() {
  [ -f "$REPLICA_DIR/PG_VERSION" ] && [ -f "$REPLICA_DIR/standby.signal" ] || return 1
  [ "$(primary_sql "select count(*) from pg_replication_slots where slot_name = '$SLOT'")" = 1 ] || return 1
  local ours theirs
  ours="$(as_postgres "$BIN/pg_controldata" "$REPLICA_DIR" | sed -n 's/^Database system identifier: *//p')"
  theirs="$(primary_sql 'select system_identifier from pg_control_system()')"
  [ "$ours" = "$theirs" ]
}

make_copy() {
  allow_replication_connections
  drop_slot
  rm -rf "$REPLICA_DIR"
  mkdir -p "$REPLICA_DIR"
  chmod 700 "$REPLICA_DIR"
  [ "$(id -u)" = 0 ] && chown postgres:postgres "$REPLICA_DIR"
  as_postgres "$BIN/pg_basebackup" -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -D "$REPLICA_DIR" \
    -R -X stream -C -S "$SLOT" --checkpoint=fast --no-sync
  # A standby needs these at least as high as the primary's.
  local settings=""
  for name in max_connections max_worker_processes max_wal_senders max_prepared_transactions max_locks_per_transaction; do
    settings+="$name = $(primary_sql "show $name")"$'\n'
  done
  as_postgres tee "$REPLICA_DIR/postgresql.conf" >/dev/null <<EOF
# The test standby of scripts/replica.sh.
port = $REPLICA_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$REPLICA_DIR'
hot_standby = on
hot_standby_feedback = on
shared_buffers = 32MB
fsync = off
log_min_messages = warning
$settings
EOF
  printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' | as_postgres tee "$REPLICA_DIR/pg_hba.conf" >/dev/null
  : | as_postgres tee "$REPLICA_DIR/pg_ident.conf" >/dev/null
}

start_replica() {
  if ! running; then
    usable_copy || make_copy
    as_postgres "$BIN/pg_ctl" -D "$REPLICA_DIR" -l "$REPLICA_DIR/server.log" -w -t 60 start >/dev/null
  fi
  for _ in $(seq 1 120); do
    [ "$(replica_sql 'select pg_is_in_recovery()')" = t ] && return 0
    sleep 0.25
  done
  echo "replica.sh: the standby on port $REPLICA_PORT did not come up in recovery; see $REPLICA_DIR/server.log" >&2
  return 1
}

case "${1:-}" in
  start) start_replica && echo "Standby of $PRIMARY_HOST:$PRIMARY_PORT on 127.0.0.1:$REPLICA_PORT ($REPLICA_DIR)" ;;
  stop) stop_replica ;;
  remove)
    stop_replica
    rm -rf "$REPLICA_DIR"
    drop_slot
    ;;
  status) running ;;
  *)
    echo "usage: $0 start|stop|remove|status" >&2
    exit 2
    ;;
esac
