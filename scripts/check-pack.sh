#!/usr/bin/env bash
# Proves each publishable package stands alone: `pnpm pack` it, install the tarball into an empty npm
# project (its @agent-memory dependencies from their own tarballs, nothing else from the workspace),
# import it under Node (ESM) and type-check an import of it with TypeScript (NodeNext).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
tsc="$root/node_modules/.bin/tsc"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

packages=(core embedder-hashing embedder-openrouter store-pgvector tool-memory-search)
npx -y pnpm@10 --filter "./packages/*" --filter '!@agent-memory/testkit' run build >/dev/null
for p in "${packages[@]}"; do
  (cd "packages/$p" && npx -y pnpm@10 pack --pack-destination "$out" >/dev/null)
done
tarball() { ls "$out"/agent-memory-"$1"-*.tgz; }

for p in "${packages[@]}"; do
  name="@agent-memory/$p"
  dir="$out/try-$p"
  mkdir -p "$dir"
  cat >"$dir/package.json" <<JSON
{ "name": "try-$p", "private": true, "type": "module",
  "dependencies": { "$name": "file:$(tarball "$p")" },
  "overrides": { "@agent-memory/core": "file:$(tarball core)" } }
JSON
  (cd "$dir" && npm install --no-audit --no-fund --loglevel=error >/dev/null)
  if [ -d "$dir/node_modules/@agent-memory" ]; then
    extra=$(ls "$dir/node_modules/@agent-memory" | grep -v -x -e "$p" -e core || true)
    [ -z "$extra" ] || { echo "check-pack: $name pulled in other workspace packages: $extra" >&2; exit 1; }
  fi
  exports=$(cd "$dir" && node --input-type=module -e "const m = await import('$name'); console.log(Object.keys(m).length)")
  [ "$exports" -gt 0 ] || { echo "check-pack: $name exports nothing" >&2; exit 1; }
  cat >"$dir/check.ts" <<TS
import * as pkg from '$name'
const names: string[] = Object.keys(pkg)
console.log(names.length)
TS
  cat >"$dir/tsconfig.json" <<JSON
{ "compilerOptions": { "module": "NodeNext", "moduleResolution": "NodeNext", "target": "ES2022", "strict": true, "noEmit": true, "skipLibCheck": false, "types": [], "lib": ["ES2024", "DOM"] }, "files": ["check.ts"] }
JSON
  (cd "$dir" && "$tsc" -p tsconfig.json) || { echo "check-pack: $name does not type-check from its tarball" >&2; exit 1; }
  echo "check-pack: $name ok ($exports exports, $(du -k "$(tarball "$p")" | cut -f1) KB tarball)"
done
