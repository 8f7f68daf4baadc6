#!/usr/bin/env bash
# Installs pnpm 10 once into a cache directory and prints its bin directory, so CI resolves pnpm from
# the registry one time (with retries) instead of once per `npx -y pnpm@10` call: a single 503 from
# the registry on the tenth call failed a whole run.
set -euo pipefail
prefix=${PNPM_PREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/agent-memory/pnpm10}
if [ ! -x "$prefix/node_modules/.bin/pnpm" ]; then
  for attempt in 1 2 3 4 5; do
    if npm install --no-audit --no-fund --loglevel=error --prefix "$prefix" pnpm@10 >&2; then break; fi
    if [ "$attempt" = 5 ]; then echo "ensure-pnpm: could not install pnpm@10 from the registry" >&2; exit 1; fi
    sleep $((attempt * 10))
  done
fi
echo "$prefix/node_modules/.bin"
