#!/usr/bin/env bash
# Makes a local PostgreSQL with pgvector available for the tests and prints the DATABASE_URL to use
# on its last line of stdout (everything else goes to stderr). Idempotent: run it as often as you like.
#
#   DATABASE_URL=$(bash scripts/setup-postgres.sh)
#
# What it does, each step only when needed:
#   1. finds the installed PostgreSQL server (Debian's postgresql-common layout) and starts its cluster;
#   2. builds Debian's own `pgvector` source package (trixie) against postgresql-server-dev-<major>
#      and installs it into that server, when the `vector` extension is not available;
#   3. makes a role that can log in over TCP on 127.0.0.1 (trust if the server trusts, else a password),
#      creates the test database and the extension in it, and checks a vector round trip.
# Settings: PGPORT (5432), AGENT_MEMORY_TEST_DB (agent_memory_test).
set -euo pipefail

say() { printf 'setup-postgres: %s\n' "$*" >&2; }
die() { printf 'setup-postgres: FAILED: %s\n' "$*" >&2; exit 1; }

port=${PGPORT:-5432}
db=${AGENT_MEMORY_TEST_DB:-agent_memory_test}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root (or sudo) to run: $*"; fi
}
# psql as the postgres OS user over the local socket: works with Debian's default peer auth.
psql_admin() { as_root runuser -u postgres -- psql -p "$port" -v ON_ERROR_STOP=1 -X -q "$@"; }

# 1. The server and its cluster.
command -v pg_lsclusters >/dev/null 2>&1 || die "PostgreSQL is not installed (no pg_lsclusters). Install it: apt-get install postgresql"
cluster=$(pg_lsclusters --no-header 2>/dev/null | awk -v p="$port" '$3 == p { print $1, $2, $4; exit }')
[ -n "$cluster" ] || die "no PostgreSQL cluster is configured on port $port (pg_lsclusters shows none)"
read -r major name status <<<"$cluster"
say "found PostgreSQL $major cluster '$name' on port $port ($status)"
if [ "$status" != online ]; then
  say "starting cluster $major/$name"
  as_root pg_ctlcluster --skip-systemctl-redirect "$major" "$name" start || die "could not start cluster $major/$name (see /var/log/postgresql/postgresql-$major-$name.log)"
fi
for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p "$port" && break; sleep 1; done
pg_isready -q -h 127.0.0.1 -p "$port" || die "the server on 127.0.0.1:$port does not accept connections"

# 2. pgvector.
has_vector() { [ "$(psql_admin -d postgres -Atc "select count(*) from pg_available_extensions where name = 'vector'")" = 1 ]; }
if has_vector; then
  say "pgvector is already available: $(psql_admin -d postgres -Atc "select default_version from pg_available_extensions where name = 'vector'")"
else
  say "pgvector is missing: building Debian's pgvector source package for PostgreSQL $major"
  sources=/etc/apt/sources.list.d/agent-memory-pgvector-src.sources
  if [ ! -f "$sources" ]; then
    as_root tee "$sources" >/dev/null <<EOF
# Added by agent-memory's scripts/setup-postgres.sh: source packages only, nothing is installed from here.
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    say "added $sources (deb-src trixie)"
  fi
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq >&2 || die "apt-get update failed"
  as_root apt-get install -y -qq --no-install-recommends build-essential dpkg-dev "postgresql-server-dev-$major" >&2 ||
    die "could not install build-essential, dpkg-dev and postgresql-server-dev-$major"
  work=$(mktemp -d)
  chmod 755 "$work" # apt-get source downloads as _apt when it can
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && apt-get source -qq pgvector >&2) || die "apt-get source pgvector failed (is deb.debian.org reachable?)"
  src=$(find "$work" -maxdepth 1 -mindepth 1 -type d -name 'pgvector-*' | head -n 1)
  [ -n "$src" ] || die "apt-get source pgvector produced no source tree"
  pg_config=/usr/lib/postgresql/$major/bin/pg_config
  [ -x "$pg_config" ] || pg_config=$(command -v pg_config)
  say "building $(basename "$src") with $pg_config"
  make -C "$src" -s PG_CONFIG="$pg_config" OPTFLAGS="" >&2 || die "building pgvector failed"
  as_root make -C "$src" -s PG_CONFIG="$pg_config" install >&2 || die "installing pgvector failed"
  has_vector || die "pgvector was installed but the server does not list the extension"
  say "installed pgvector $(psql_admin -d postgres -Atc "select default_version from pg_available_extensions where name = 'vector'")"
fi

# 3. Role, database, extension.
if psql -h 127.0.0.1 -p "$port" -U postgres -d postgres -X -Atc 'select 1' >/dev/null 2>&1 </dev/null; then
  url_base="postgres://postgres@127.0.0.1:$port"
  say "TCP login as postgres works without a password (trust)"
else
  psql_admin -d postgres -c "do \$\$ begin
      if not exists (select from pg_roles where rolname = 'agent_memory') then
        create role agent_memory login superuser password 'agent_memory';
      end if; end \$\$" || die "could not create role agent_memory"
  url_base="postgres://agent_memory:agent_memory@127.0.0.1:$port"
  say "created/kept role agent_memory (password login over TCP)"
fi
if [ "$(psql_admin -d postgres -Atc "select count(*) from pg_database where datname = '$db'")" = 0 ]; then
  psql_admin -d postgres -c "create database \"$db\"" || die "could not create database $db"
  say "created database $db"
fi
psql_admin -d "$db" -c 'create extension if not exists vector' || die "could not create extension vector in $db"
roundtrip=$(psql "$url_base/$db" -X -Atc "select '[1,2,3]'::vector <=> '[1,2,3]'::vector" </dev/null) ||
  die "could not log in to $url_base/$db"
[ "$roundtrip" = 0 ] || die "vector round trip returned '$roundtrip', expected 0"
say "database $db ready with pgvector $(psql "$url_base/$db" -X -Atc "select extversion from pg_extension where extname = 'vector'" </dev/null)"
echo "$url_base/$db"
