#!/usr/bin/env bash
# Starts a real streaming standby of the local PostgreSQL (the one scripts/setup-postgres.sh set up)
# for the read-replica tests, and prints its URL on the last line of stdout (the rest goes to stderr).
# Idempotent: a running, streaming standby is kept; a stopped one is started; a broken or promoted
# one is rebuilt.
#
#   DATABASE_URL=$(bash scripts/setup-postgres.sh)
#   REPLICA_DATABASE_URL=$(DATABASE_URL=$DATABASE_URL bash scripts/setup-standby.sh)
#
# What it does, each step only when needed:
#   1. lets replication connections from 127.0.0.1 in on the primary (pg_hba, same auth method as
#      its other 127.0.0.1 line) and reloads it;
#   2. `pg_basebackup -R -X stream` of the whole primary cluster into STANDBY_PGDATA (the standby runs
#      the same server binaries, so it has pgvector too), with its own small postgresql.conf and pg_hba;
#   3. starts it with pg_ctl on STANDBY_PORT and waits until its WAL receiver is streaming.
# No replication slot: an abandoned standby never holds WAL back on the primary; one that fell too
# far behind fails step 3 and is rebuilt.
# Settings: DATABASE_URL (the primary; default from setup-postgres.sh's defaults), STANDBY_PORT (5433),
# STANDBY_PGDATA (/var/lib/postgresql/<major>/agent-memory-standby).
set -euo pipefail

say() { printf 'setup-standby: %s\n' "$*" >&2; }
die() { printf 'setup-standby: FAILED: %s\n' "$*" >&2; exit 1; }

primary_url=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/agent_memory_test}
standby_port=${STANDBY_PORT:-5433}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root (or sudo) to run: $*"; fi
}
as_postgres() { as_root runuser -u postgres -- "$@"; }
primary_sql() { psql "$primary_url" -X -q -v ON_ERROR_STOP=1 -Atc "$1" </dev/null; }

# The standby's URL: the primary's with the standby's port.
standby_url=$(printf '%s' "$primary_url" | sed -E "s#@([^/:@]+)(:[0-9]+)?/#@\\1:${standby_port}/#")
[ "$standby_url" != "$primary_url" ] || die "could not derive the standby URL from DATABASE_URL=$primary_url"
standby_sql() { psql "$standby_url" -X -q -v ON_ERROR_STOP=1 -Atc "$1" </dev/null 2>/dev/null; }

primary_sql 'select 1' >/dev/null || die "cannot connect to the primary ($primary_url): run scripts/setup-postgres.sh first"
major=$(primary_sql "select current_setting('server_version_num')::int / 10000")
bindir=/usr/lib/postgresql/$major/bin
[ -x "$bindir/pg_ctl" ] || die "no PostgreSQL $major server binaries in $bindir"
pgdata=${STANDBY_PGDATA:-/var/lib/postgresql/$major/agent-memory-standby}
logfile=/var/log/postgresql/agent-memory-standby.log

streaming() {
  [ "$(standby_sql "select pg_is_in_recovery() and exists (select from pg_stat_wal_receiver where status = 'streaming')")" = t ]
}
wait_streaming() {
  for _ in $(seq 1 "$1"); do streaming && return 0; sleep 1; done
  return 1
}

if streaming; then
  say "standby on port $standby_port is already streaming from the primary"
  echo "$standby_url"
  exit 0
fi

# 1. Replication connections on the primary.
[ "$(primary_sql "select current_setting('max_wal_senders')::int > 0 and current_setting('wal_level') <> 'minimal'")" = t ] ||
  die "the primary has max_wal_senders = 0 or wal_level = minimal: set max_wal_senders = 10 and wal_level = replica, then restart it"
hba=$(primary_sql 'show hba_file')
method=$(as_root awk '$1 == "host" && $2 == "all" && $4 == "127.0.0.1/32" { print $5; exit }' "$hba")
method=${method:-scram-sha-256}
if ! as_root awk '$1 == "host" && $2 == "replication" && ($4 == "127.0.0.1/32" || $4 == "all") { found = 1 } END { exit !found }' "$hba"; then
  printf '# Added by agent-memory scripts/setup-standby.sh: the local streaming standby.\nhost replication all 127.0.0.1/32 %s\n' "$method" |
    as_root tee -a "$hba" >/dev/null
  primary_sql 'select pg_reload_conf()' >/dev/null
  say "allowed replication connections from 127.0.0.1 ($method) in $hba"
fi

start_standby() {
  as_postgres "$bindir/pg_ctl" -D "$pgdata" -l "$logfile" -w -t 60 start >&2
}

# 2 and 3: start what is there, else (or when it will not stream) build it afresh.
if [ -f "$pgdata/standby.signal" ] && [ -f "$pgdata/PG_VERSION" ]; then
  if ! as_postgres "$bindir/pg_ctl" -D "$pgdata" status >/dev/null 2>&1; then
    say "starting the standby in $pgdata"
    start_standby || say "it did not start (see $logfile)"
  fi
  if wait_streaming 20; then
    say "standby on port $standby_port is streaming"
    echo "$standby_url"
    exit 0
  fi
  say "the standby in $pgdata does not stream: rebuilding it"
fi

if [ -d "$pgdata" ]; then
  as_postgres "$bindir/pg_ctl" -D "$pgdata" -m immediate stop >/dev/null 2>&1 || true
  as_root rm -rf "$pgdata"
fi
say "pg_basebackup of the primary into $pgdata"
as_root install -d -o postgres -g postgres -m 700 "$pgdata"
as_postgres "$bindir/pg_basebackup" -d "$primary_url" -D "$pgdata" -R -X stream -c fast >&2 ||
  die "pg_basebackup failed"
# Debian keeps the primary's configuration in /etc, so the copy has none of its own: a small one.
as_postgres tee "$pgdata/postgresql.conf" >/dev/null <<EOF
# Written by agent-memory scripts/setup-standby.sh (primary_conninfo is in postgresql.auto.conf).
port = $standby_port
listen_addresses = '127.0.0.1'
unix_socket_directories = '/var/run/postgresql'
hot_standby = on
hot_standby_feedback = on
shared_buffers = 64MB
wal_receiver_status_interval = 1s
# A hot standby needs at least the primary's values of these.
$(primary_sql "select string_agg(name || ' = ' || setting, E'\n') from pg_settings where name in
  ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')")
EOF
as_postgres touch "$pgdata/pg_ident.conf"
as_postgres tee "$pgdata/pg_hba.conf" >/dev/null <<EOF
# Written by agent-memory scripts/setup-standby.sh: the primary's 127.0.0.1 rule, locally.
local all all peer
host all all 127.0.0.1/32 $method
EOF
as_root touch "$logfile"
as_root chown postgres "$logfile"
start_standby || die "the standby did not start (see $logfile)"
wait_streaming 60 || die "the standby started but does not stream from the primary (see $logfile)"
say "standby on port $standby_port is streaming from the primary"
echo "$standby_url"
