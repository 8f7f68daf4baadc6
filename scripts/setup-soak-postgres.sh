#!/usr/bin/env bash
# Starts a PostgreSQL cluster of its own for the PostgreSQL soak (W13) and prints its URL on the last
# line of stdout (the rest goes to stderr). The soak runs for half an hour of writes and deletes: on a
# server without autovacuum (as the test server runs, so that WAL and plans stay repeatable) dead
# row versions pile up in every table and index and any workload slows down by the minute. This
# cluster keeps a production server's upkeep: autovacuum on, with its default settings.
# Idempotent: a running cluster is kept, a stopped one is started.
#
#   DATABASE_URL=$(bash scripts/setup-soak-postgres.sh) pnpm bench --only W13 --soak-backends postgres
#
# Needs the server binaries and pgvector that scripts/setup-postgres.sh installs (run it first).
# Settings: SOAK_PGPORT (5434), SOAK_PGDATA (/var/lib/postgresql/<major>/agent-memory-soak).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/local-cluster.sh"

say() { printf 'setup-soak-postgres: %s\n' "$*" >&2; }
die() { printf 'setup-soak-postgres: FAILED: %s\n' "$*" >&2; exit 1; }

port=${SOAK_PGPORT:-5434}
db=agent_memory_soak

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root (or sudo) to run: $*"; fi
}
as_postgres() { as_root runuser -u postgres -- "$@"; }
sql() { PGOPTIONS='-c client_min_messages=warning' psql "postgres://postgres@127.0.0.1:$port/$1" -X -q -v ON_ERROR_STOP=1 -Atc "$2" </dev/null; }

major=$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -n 1)
[ -n "$major" ] || die "PostgreSQL is not installed: run scripts/setup-postgres.sh first"
bindir=/usr/lib/postgresql/$major/bin
[ -f "/usr/share/postgresql/$major/extension/vector.control" ] || die "pgvector is not installed: run scripts/setup-postgres.sh first"
dir=${SOAK_PGDATA:-/var/lib/postgresql/$major/agent-memory-soak}

init_local_cluster "$dir" "$port" scripts/setup-soak-postgres.sh <<EOF
# The soak's server, with a production server's upkeep (autovacuum and its defaults).
autovacuum = on
max_connections = 200
EOF
start_local_cluster "$dir" "$port" /var/log/postgresql/agent-memory-soak.log "the soak's cluster"

[ "$(sql postgres "select count(*) from pg_database where datname = '$db'")" = 1 ] || sql postgres "create database $db"
sql "$db" 'create extension if not exists vector'
[ "$(sql "$db" "select current_setting('autovacuum')")" = on ] || die "autovacuum is off on port $port"
say "autovacuum on, pgvector $(sql "$db" "select extversion from pg_extension where extname = 'vector'")"
echo "postgres://postgres@127.0.0.1:$port/$db"
