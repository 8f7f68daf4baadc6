# Sourced by the setup scripts that run PostgreSQL clusters of their own on loopback ports
# (setup-citus.sh, setup-soak-postgres.sh). The caller defines say, die, as_root, as_postgres and
# bindir (the server binaries' directory).

# init_local_cluster DIR PORT WRITER [HBA_LINE…] < SETTINGS
# Creates the cluster in DIR once (a second call leaves it as it is): initdb, then postgresql.conf
# gets PORT on 127.0.0.1 and the socket directory, and the SETTINGS read from stdin; pg_hba.conf
# trusts 127.0.0.1 (peer on the socket), plus each HBA_LINE. WRITER names the script in both files.
init_local_cluster() {
  local dir=$1 port=$2 writer=$3
  shift 3
  [ -f "$dir/PG_VERSION" ] && return 0
  say "initdb in $dir (port $port)"
  as_root install -d -o postgres -g postgres -m 700 "$dir"
  as_postgres "$bindir/initdb" -D "$dir" -U postgres --auth-local=peer --auth-host=trust -E UTF8 --locale=C.UTF-8 >/dev/null ||
    die "initdb in $dir failed"
  {
    printf "\n# Written by agent-memory %s.\nport = %s\nlisten_addresses = '127.0.0.1'\n" "$writer" "$port"
    printf "unix_socket_directories = '/var/run/postgresql'\n"
    cat
  } | as_postgres tee -a "$dir/postgresql.conf" >/dev/null
  {
    printf '# Written by agent-memory %s: loopback only, trusted (a test and bench cluster).\n' "$writer"
    printf 'local all all peer\nhost all all 127.0.0.1/32 trust\n'
    [ $# -eq 0 ] || printf '%s\n' "$@"
  } | as_postgres tee "$dir/pg_hba.conf" >/dev/null
}

# start_local_cluster DIR PORT LOG LABEL
# Starts the cluster in DIR unless it runs (its log to LOG), then waits until it accepts connections.
start_local_cluster() {
  local dir=$1 port=$2 log=$3 label=$4
  if ! as_postgres "$bindir/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
    as_root touch "$log"
    as_root chown postgres "$log"
    as_postgres "$bindir/pg_ctl" -D "$dir" -l "$log" -w -t 60 start >/dev/null ||
      die "$label did not start on port $port (see $log)"
    say "started $label on port $port"
  fi
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p "$port" && return 0; sleep 1; done
  die "$label on 127.0.0.1:$port does not accept connections (see $log)"
}
