#!/usr/bin/env bash
# Sizes the local PostgreSQL's buffer pool the way pgvector's own tuning advice says (shared_buffers
# about a quarter of the machine's memory) and restarts the server when that changed. For benchmark
# runs at scale (`pnpm bench --size 100000`); the tests do not need it, and CI does not run it.
# Idempotent: a server already at or above the target is left alone.
#
#   bash scripts/tune-postgres.sh && DATABASE_URL=… pnpm bench --size 100000 --only W10
#
# Why it matters: PostgreSQL's default shared_buffers is 128 MB, and 100,000 rows of 1536-d vectors
# with their indexes take well over 1 GB. Below that, a search of a namespace's 2,000 rows reads most
# of its pages from the OS page cache, one system call each, and costs about twice as much (W10 in
# docs/benchmarks.md shows the pages read from outside shared buffers per query).
# Settings: PGPORT (5432), SHARED_BUFFERS (default: a quarter of MemTotal, in MB).
set -euo pipefail

say() { printf 'tune-postgres: %s\n' "$*" >&2; }
die() { printf 'tune-postgres: FAILED: %s\n' "$*" >&2; exit 1; }

port=${PGPORT:-5432}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root (or sudo) to run: $*"; fi
}
psql_admin() { as_root runuser -u postgres -- psql -p "$port" -v ON_ERROR_STOP=1 -X -q -At "$@"; }

command -v pg_lsclusters >/dev/null 2>&1 || die "PostgreSQL is not installed (no pg_lsclusters)"
cluster=$(pg_lsclusters --no-header 2>/dev/null | awk -v p="$port" '$3 == p { print $1, $2, $4; exit }')
[ -n "$cluster" ] || die "no PostgreSQL cluster is configured on port $port (run scripts/setup-postgres.sh first)"
read -r major name status <<<"$cluster"
[ "$status" = online ] || die "cluster $major/$name is $status (run scripts/setup-postgres.sh first)"

if [ -n "${SHARED_BUFFERS:-}" ]; then
  target_mb=$SHARED_BUFFERS
else
  total_kb=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo)
  target_mb=$((total_kb / 1024 / 4))
fi
[[ "$target_mb" =~ ^[0-9]+$ ]] && [ "$target_mb" -ge 128 ] || die "SHARED_BUFFERS must be a whole number of MB, at least 128 (got '$target_mb')"

# pg_settings gives shared_buffers in its unit (8 kB pages); compare in MB.
current_mb=$(psql_admin -d postgres -c "select setting::bigint * 8 / 1024 from pg_settings where name = 'shared_buffers'")
if [ "$current_mb" -ge "$target_mb" ]; then
  say "shared_buffers is ${current_mb} MB, at or above the target ${target_mb} MB: nothing to do"
  exit 0
fi
say "shared_buffers ${current_mb} MB → ${target_mb} MB (ALTER SYSTEM), restarting cluster $major/$name"
psql_admin -d postgres -c "alter system set shared_buffers = '${target_mb}MB'"
as_root pg_ctlcluster --skip-systemctl-redirect "$major" "$name" restart ||
  die "could not restart cluster $major/$name (see /var/log/postgresql/postgresql-$major-$name.log)"
for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p "$port" && break; sleep 1; done
now_mb=$(psql_admin -d postgres -c "select setting::bigint * 8 / 1024 from pg_settings where name = 'shared_buffers'")
[ "$now_mb" = "$target_mb" ] || die "after the restart shared_buffers is ${now_mb} MB, not ${target_mb} MB"
say "shared_buffers is ${now_mb} MB"
