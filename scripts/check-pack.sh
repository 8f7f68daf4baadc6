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
  # skipLibCheck: drizzle-orm's own declarations do not pass a full lib check. Instead, every export
  # must have a real type: one that resolved to \`any\` (a missing type dependency) fails here.
  cat >"$dir/check.ts" <<TS
import * as pkg from '$name'
type IsAny<T> = 0 extends 1 & T ? true : false
type AnyExports = { [K in keyof typeof pkg]: IsAny<(typeof pkg)[K]> extends true ? K : never }[keyof typeof pkg]
export const everyExportIsTyped: [AnyExports] extends [never] ? true : AnyExports = true
TS
  cat >"$dir/tsconfig.json" <<JSON
{ "compilerOptions": { "module": "NodeNext", "moduleResolution": "NodeNext", "target": "ES2022", "strict": true, "noEmit": true, "skipLibCheck": true, "types": [], "lib": ["ES2024", "DOM"] }, "files": ["check.ts"] }
JSON
  (cd "$dir" && "$tsc" -p tsconfig.json) || { echo "check-pack: $name does not type-check from its tarball" >&2; exit 1; }
  echo "check-pack: $name ok ($exports exports, $(du -k "$(tarball "$p")" | cut -f1) KB tarball)"
done

# All packages together, from their tarballs only: the README's library path works end to end.
dir="$out/try-all"
mkdir -p "$dir"
cat >"$dir/package.json" <<JSON
{ "name": "try-all", "private": true, "type": "module",
  "dependencies": {
    "@agent-memory/core": "file:$(tarball core)",
    "@agent-memory/store-pgvector": "file:$(tarball store-pgvector)",
    "@agent-memory/embedder-hashing": "file:$(tarball embedder-hashing)",
    "@agent-memory/tool-memory-search": "file:$(tarball tool-memory-search)"
  },
  "overrides": { "@agent-memory/core": "file:$(tarball core)" } }
JSON
cat >"$dir/smoke.mjs" <<'JS'
import { createMemory } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { openEmbeddedStore } from '@agent-memory/store-pgvector'
import { runMemorySearch } from '@agent-memory/tool-memory-search'

const embedder = createHashingEmbedder()
const store = await openEmbeddedStore({ dataDir: 'memory://', model: embedder.model, dimensions: embedder.dimensions })
const memory = createMemory({ store, embedder })
await memory.remember('u1', { content: 'The user is vegetarian and avoids all meat' })
const text = await runMemorySearch({ query: 'is the user vegetarian?' }, { memory, namespace: 'u1' })
const other = await runMemorySearch({ query: 'is the user vegetarian?' }, { memory, namespace: 'u10' })
await store.close()
if (!/^1\. \[score 0\.\d\d \| \d{4}-\d\d-\d\dT[\d:]+Z\] The user is vegetarian/.test(text)) throw new Error(`unexpected: ${text}`)
if (!other.startsWith('No relevant long-term memory found.')) throw new Error(`isolation broken: ${other}`)
console.log(text)
JS
(cd "$dir" && npm install --no-audit --no-fund --loglevel=error >/dev/null && node smoke.mjs) ||
  { echo "check-pack: the packages do not work together from their tarballs" >&2; exit 1; }
echo "check-pack: all packages together from tarballs: remember + memory_search ok"
