#!/usr/bin/env bash
# Builds Citus from a source tarball, starts a coordinator and two workers as PostgreSQL clusters on
# loopback ports (each with Citus and pgvector), registers the workers, prepares one database on all
# three, and prints the coordinator's connection string on its last line of stdout (everything else
# goes to stderr). Idempotent: a second run reuses the installed build and the running nodes.
#
#   CITUS_DATABASE_URL=$(bash scripts/setup-citus.sh <citus-tarball> [patch])
#   bash scripts/setup-citus.sh spare   # starts one more node, unregistered; prints host:port
#   bash scripts/setup-citus.sh stop    # stops every node this script started
#
# Meant for tests and benchmarks on one machine (trust authentication on 127.0.0.1). A production
# cluster comes from Citus's own packages or a managed Citus service.
#
# What it does, each step only when needed:
#   1. installs Debian's build dependencies (postgresql-server-dev-<major>, libkrb5-dev, liblz4-dev,
#      libzstd-dev, libssl-dev, build-essential);
#   2. unpacks the tarball, applies the patch (`patch -p1`), `./configure --without-libcurl`,
#      `make with_llvm=no` and `make install`: skipped when the installed build came from the same
#      version and patch (a marker beside citus.control records both);
#   3. creates and starts the nodes with pg_ctl: Citus first in shared_preload_libraries, logical WAL
#      (a rebalance moves shards by logical replication), prepared transactions (two-phase commit);
#   4. creates the database and the citus and vector extensions on every node, and registers the
#      coordinator and the workers with the coordinator.
# Settings: CITUS_TARBALL / CITUS_PATCH (instead of the arguments), CITUS_PORT (5440: the
# coordinator; the workers take the next ports), CITUS_WORKERS (2), CITUS_DB (agent_memory_test),
# CITUS_PGDATA (/var/lib/postgresql/<major>/agent-memory-citus), CITUS_MAKE_JOBS (2), PG_MAJOR (15).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/local-cluster.sh"

say() { printf 'setup-citus: %s\n' "$*" >&2; }
die() { printf 'setup-citus: FAILED: %s\n' "$*" >&2; exit 1; }

major=${PG_MAJOR:-15}
base_port=${CITUS_PORT:-5440}
workers=${CITUS_WORKERS:-2}
db=${CITUS_DB:-agent_memory_test}
root=${CITUS_PGDATA:-/var/lib/postgresql/$major/agent-memory-citus}
bindir=/usr/lib/postgresql/$major/bin
pg_config=$bindir/pg_config
logdir=/var/log/postgresql

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root (or sudo) to run: $*"; fi
}
as_postgres() { as_root runuser -u postgres -- "$@"; }
# psql on one node as the postgres superuser over TCP (the nodes trust 127.0.0.1).
node_sql() {
  local port=$1 database=$2
  shift 2
  psql "postgres://postgres@127.0.0.1:$port/$database" -X -q -v ON_ERROR_STOP=1 -At "$@" </dev/null
}
pgctl() { as_postgres "$bindir/pg_ctl" "$@"; }
node_dir() { printf '%s/%s' "$root" "$1"; }
node_names() {
  echo coordinator
  local i
  for i in $(seq 1 "$workers"); do echo "worker$i"; done
}
node_port() {
  case $1 in
    coordinator) echo "$base_port" ;;
    worker*) echo $((base_port + ${1#worker})) ;;
    spare) echo $((base_port + workers + 1)) ;;
  esac
}

stop_all() {
  local name dir
  [ -d "$root" ] || { say "nothing to stop: $root does not exist"; return 0; }
  for dir in "$root"/*/; do
    dir=${dir%/}
    name=$(basename "$dir")
    [ -f "$dir/PG_VERSION" ] || continue
    if pgctl -D "$dir" status >/dev/null 2>&1; then
      pgctl -D "$dir" -m fast -w stop >&2 || die "could not stop the node in $dir"
      say "stopped $name"
    fi
  done
}

# Creates (first time) and starts one node; waits until it accepts connections.
start_node() {
  local name=$1 port dir
  port=$(node_port "$name")
  dir=$(node_dir "$name")
  init_local_cluster "$dir" "$port" scripts/setup-citus.sh 'host replication all 127.0.0.1/32 trust' <<EOF
# A Citus node for tests and benchmarks.
shared_preload_libraries = 'citus'
max_connections = 300
max_prepared_transactions = 200
wal_level = logical
max_wal_senders = 20
max_replication_slots = 20
shared_buffers = 128MB
fsync = off
full_page_writes = off
EOF
  start_local_cluster "$dir" "$port" "$logdir/agent-memory-citus-$name.log" "$name"
}

# Commits wait for their WAL write on every node (fsync stays off: the write is a syscall, not a
# disk flush). A shard move's last catch-up waits for the new copy to reach the source's WAL write
# position: a write acknowledged by an asynchronous commit whose record was not yet written would
# not be copied, and would be lost with the old placement. Also on nodes an earlier version of this
# script created with synchronous_commit = off.
commit_synchronously() {
  local port
  port=$(node_port "$1")
  [ "$(node_sql "$port" postgres -c 'show synchronous_commit')" = on ] && return 0
  node_sql "$port" postgres -c 'alter system set synchronous_commit = on' -c 'select pg_reload_conf()' >/dev/null ||
    die "could not turn synchronous_commit on for $1"
  for _ in $(seq 1 50); do
    [ "$(node_sql "$port" postgres -c 'show synchronous_commit')" = on ] && { say "synchronous_commit on for $1"; return 0; }
    sleep 0.1
  done
  die "synchronous_commit is still off on $1"
}

# The database with citus and vector on one node.
prepare_database() {
  local port
  port=$(node_port "$1")
  if [ "$(node_sql "$port" postgres -c "select count(*) from pg_database where datname = '$db'")" = 0 ]; then
    node_sql "$port" postgres -c "create database \"$db\"" || die "could not create database $db on $1"
  fi
  # Only when missing: once a worker holds the cluster's metadata, Citus refuses extension DDL there,
  # even a CREATE … IF NOT EXISTS that would do nothing.
  if [ "$(node_sql "$port" "$db" -c "select count(*) from pg_extension where extname = 'citus'")" = 0 ]; then
    node_sql "$port" "$db" -c 'create extension citus' ||
      die "could not create extension citus in $db on $1 (is citus first in shared_preload_libraries?)"
  fi
  if [ "$(node_sql "$port" "$db" -c "select count(*) from pg_extension where extname = 'vector'")" = 0 ]; then
    node_sql "$port" "$db" -c 'create extension vector' ||
      die "could not create extension vector in $db on $1: install pgvector for PostgreSQL $major (scripts/setup-postgres.sh builds it)"
  fi
}

case ${1:-} in
  stop)
    stop_all
    exit 0
    ;;
  spare)
    [ -f "$root/coordinator/PG_VERSION" ] || die "no cluster in $root: run this script with the tarball first"
    start_node spare
    commit_synchronously spare
    prepare_database spare
    echo "127.0.0.1:$(node_port spare)"
    exit 0
    ;;
esac

tarball=${1:-${CITUS_TARBALL:-}}
patch_file=${2:-${CITUS_PATCH:-}}

# 1 and 2: Citus installed into this PostgreSQL, from this tarball and patch.
[ -x "$pg_config" ] || die "no PostgreSQL $major server in $bindir: install it (apt-get install postgresql-$major) or set PG_MAJOR"
sharedir=$("$pg_config" --sharedir)
pkglibdir=$("$pg_config" --pkglibdir)
marker=$sharedir/extension/citus.agent-memory-build
[ -f "$sharedir/extension/vector.control" ] ||
  die "pgvector is not installed for PostgreSQL $major: run scripts/setup-postgres.sh first (it builds Debian's pgvector)"

if [ -n "$tarball" ]; then
  [ -f "$tarball" ] || die "the Citus source tarball '$tarball' does not exist"
  [ -z "$patch_file" ] || [ -f "$patch_file" ] || die "the patch '$patch_file' does not exist"
  version=$(tar xzf "$tarball" --wildcards '*/configure' -O 2>/dev/null | sed -n "s/^PACKAGE_VERSION='\(.*\)'$/\1/p" | head -n 1)
  [ -n "$version" ] || die "'$tarball' holds no Citus configure script with a PACKAGE_VERSION: is it Citus's source?"
  patch_sum=none
  [ -z "$patch_file" ] || patch_sum=$(sha256sum "$patch_file" | cut -d' ' -f1)
  wanted="citus $version patch $patch_sum"
else
  wanted=""
fi

if [ -f "$pkglibdir/citus.so" ] && [ -f "$marker" ] && { [ -z "$wanted" ] || [ "$(cat "$marker")" = "$wanted" ]; }; then
  say "Citus is installed ($(cat "$marker")): not building"
elif [ -z "$tarball" ]; then
  die "Citus is not installed for PostgreSQL $major: give the source tarball (and the patch it needs), e.g. bash scripts/setup-citus.sh citus-<version>.tar.gz <patch>"
else
  deps=(build-essential "postgresql-server-dev-$major" libkrb5-dev liblz4-dev libzstd-dev libssl-dev)
  missing=()
  for dep in "${deps[@]}"; do
    dpkg-query -W -f='${Status}' "$dep" 2>/dev/null | grep -q 'install ok installed' || missing+=("$dep")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    say "installing the build dependencies: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update -qq >&2 || die "apt-get update failed"
    as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/tmp/setup-citus-apt.log 2>&1 ||
      { tail -n 20 /tmp/setup-citus-apt.log >&2; die "could not install ${missing[*]} from Debian's archive"; }
  fi
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  # tar, not a tool that drops links: the tree keeps two symbolic links (safeclib).
  tar xzf "$tarball" -C "$work" || die "could not unpack $tarball"
  src=$(find "$work" -maxdepth 1 -mindepth 1 -type d | head -n 1)
  [ -n "$src" ] && [ -x "$src/configure" ] || die "$tarball does not unpack to a Citus source tree"
  if [ -n "$patch_file" ]; then
    (cd "$src" && patch -p1 -s <"$patch_file") >&2 || die "the patch $patch_file does not apply to $tarball"
  fi
  say "building Citus $version against $("$pg_config" --version) (a long compile)"
  (cd "$src" && ./configure --without-libcurl PG_CONFIG="$pg_config" >"$work/configure.log" 2>&1) ||
    { tail -n 30 "$work/configure.log" >&2; die "configure failed (a missing -dev package is named above)"; }
  make -C "$src" -s -j"${CITUS_MAKE_JOBS:-2}" with_llvm=no >"$work/make.log" 2>&1 ||
    { grep -E 'error|Error' "$work/make.log" | head -n 20 >&2; die "compiling Citus failed"; }
  as_root make -C "$src" -s with_llvm=no install >"$work/install.log" 2>&1 ||
    { tail -n 20 "$work/install.log" >&2; die "make install failed"; }
  printf '%s\n' "$wanted" | as_root tee "$marker" >/dev/null
  say "installed Citus $version into $pkglibdir"
fi

# 3. The nodes.
command -v pg_isready >/dev/null 2>&1 || die "pg_isready is missing: install postgresql-client-$major"
for name in $(node_names); do
  start_node "$name"
  commit_synchronously "$name"
done

# 4. The database on every node, then the cluster's membership on the coordinator.
for name in $(node_names); do prepare_database "$name"; done
coordinator_port=$(node_port coordinator)
node_sql "$coordinator_port" "$db" -c "select citus_set_coordinator_host('127.0.0.1', $coordinator_port)" >/dev/null ||
  die "could not register the coordinator in pg_dist_node"
for name in $(node_names); do
  [ "$name" = coordinator ] && continue
  port=$(node_port "$name")
  if [ "$(node_sql "$coordinator_port" "$db" -c "select count(*) from pg_dist_node where nodename = '127.0.0.1' and nodeport = $port")" = 0 ]; then
    node_sql "$coordinator_port" "$db" -c "select citus_add_node('127.0.0.1', $port)" >/dev/null ||
      die "could not add $name (127.0.0.1:$port) to the cluster"
    say "registered $name (127.0.0.1:$port)"
  fi
done
active=$(node_sql "$coordinator_port" "$db" -c "select count(*) from pg_dist_node where isactive and noderole = 'primary' and groupid <> 0")
[ "$active" -ge "$workers" ] || die "the coordinator lists $active active workers, expected $workers"
say "Citus $(node_sql "$coordinator_port" "$db" -c "select extversion from pg_extension where extname = 'citus'") with pgvector $(node_sql "$coordinator_port" "$db" -c "select extversion from pg_extension where extname = 'vector'"): coordinator on $coordinator_port, $active workers"
echo "postgres://postgres@127.0.0.1:$coordinator_port/$db"
