#!/usr/bin/env bash
# Proves each publishable package stands alone: install its tarball into an empty npm project (its
# @agent-memory dependencies from their own tarballs, nothing else from the workspace), import it
# under Node (ESM) and type-check an import of it with TypeScript (NodeNext). Then: the store works
# for a Postgres-only user without PGlite, every source map's sources ship, the packages work
# together, and the CLI runs `demo` and `search` from node_modules/.bin of an empty project.
# TARBALLS=<dir> reuses tarballs packed by scripts/pack-tarballs.sh (CI packs once).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
tsc="$root/node_modules/.bin/tsc"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=${TARBALLS:-}
if [ -z "$out" ]; then
  out="$work/tarballs"
  bash scripts/pack-tarballs.sh "$out"
fi
echo "check-pack: node $(node --version), npm $(npm --version)"

packages=(core embedder-hashing embedder-openrouter embedder-ai-sdk embedder-use store-pgvector tool-memory-search langgraph observe)
tarball() { ls "$out"/agent-memory-"$1"-[0-9]*.tgz; }
overrides() {
  printf '"overrides": { '
  local first=1
  for p in "${packages[@]}"; do
    [ $first = 1 ] || printf ', '
    first=0
    printf '"@agent-memory/%s": "file:%s"' "$p" "$(tarball "$p")"
  done
  printf ' }'
}
# One retry from scratch: npm has failed here once with ENOENT on a package.json it was extracting.
npm_install() {
  npm install --prefer-offline --no-audit --no-fund --loglevel=error >/dev/null ||
    { rm -rf node_modules package-lock.json && npm install --prefer-offline --no-audit --no-fund --loglevel=error >/dev/null; }
}

for p in "${packages[@]}"; do
  name="@agent-memory/$p"
  dir="$work/try-$p"
  mkdir -p "$dir"
  cat >"$dir/package.json" <<JSON
{ "name": "try-$p", "private": true, "type": "module",
  "dependencies": { "$name": "file:$(tarball "$p")" },
  $(overrides) }
JSON
  (cd "$dir" && npm_install)
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

# The store's Drizzle tables come from their own entry (the main one never loads drizzle's pg-core).
(cd "$work/try-store-pgvector" && node --input-type=module -e "
const { memories, chunks } = await import('@agent-memory/store-pgvector/schema')
if (memories === undefined || chunks === undefined) throw new Error('no tables')") ||
  { echo "check-pack: @agent-memory/store-pgvector/schema does not export the Drizzle tables" >&2; exit 1; }

# Install only what you use: the optional SDKs and PGlite stay out unless asked for.
for unwanted in "try-tool-memory-search/node_modules/@modelcontextprotocol" "try-tool-memory-search/node_modules/ai" \
  "try-tool-memory-search/node_modules/@openai" "try-langgraph/node_modules/@langchain/langgraph" \
  "try-store-pgvector/node_modules/@electric-sql"; do
  [ ! -e "$work/$unwanted" ] || { echo "check-pack: $unwanted was installed without being asked for" >&2; exit 1; }
done

# A Postgres-only user: the store tarball alone plus pg (no PGlite). The embedded opener names the
# package to add; with DATABASE_URL set, the store works on PostgreSQL.
cat >"$work/try-store-pgvector/postgres-only.mjs" <<'JS'
import { createMemory } from '@agent-memory/core'
import { createPgVectorStore, openEmbeddedStore } from '@agent-memory/store-pgvector'
import pg from 'pg'

const error = await openEmbeddedStore({ dimensions: 8 }).then(() => undefined, (e) => e)
if (!/@electric-sql\/pglite@[\d.]+ and @electric-sql\/pglite-pgvector/.test(String(error?.message))) {
  throw new Error(`openEmbeddedStore without PGlite: unexpected ${error?.stack ?? error}`)
}
console.log(`check-pack: store without PGlite: "${error.message}"`)
const url = process.env.DATABASE_URL
if (url === undefined || url === '') {
  if (process.env.CI === 'true') throw new Error('DATABASE_URL is required under CI')
  console.log('check-pack: DATABASE_URL not set; the PostgreSQL half of the Postgres-only check is skipped')
  process.exit(0)
}
const admin = new pg.Client({ connectionString: url })
await admin.connect()
const database = `check_pack_${process.pid}_${Date.now()}`
await admin.query(`CREATE DATABASE ${database}`)
try {
  const target = new URL(url)
  target.pathname = `/${database}`
  // A tiny deterministic embedder: this check is about packaging, not retrieval quality.
  const embedder = {
    model: 'check-pack-letters',
    dimensions: 8,
    embed: async (texts) =>
      texts.map((text) => {
        const v = new Float32Array(8)
        for (const ch of text.toLowerCase()) v[ch.charCodeAt(0) % 8] += 1
        const norm = Math.hypot(...v) || 1
        return v.map((x) => x / norm)
      }),
  }
  const store = await createPgVectorStore({ connectionString: target.toString(), dimensions: 8, model: embedder.model, migrate: true })
  const memory = createMemory({ store, embedder })
  await memory.remember('u1', { content: 'The user is vegetarian and avoids all meat' })
  const result = await memory.recall('u1', 'vegetarian', { minScore: 0 })
  await store.close()
  if (result.hits[0]?.memory.content !== 'The user is vegetarian and avoids all meat') {
    throw new Error(`recall on PostgreSQL: unexpected ${JSON.stringify(result.hits)}`)
  }
  console.log('check-pack: store without PGlite on PostgreSQL: remember + recall ok')
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${database}`)
  await admin.end()
}
JS
(cd "$work/try-store-pgvector" && npm install --prefer-offline --no-audit --no-fund --loglevel=error --no-save pg >/dev/null &&
  node postgres-only.mjs) || { echo "check-pack: the store does not work for a Postgres-only user" >&2; exit 1; }

# All packages together, from their tarballs only: the README's library path works end to end.
dir="$work/try-all"
mkdir -p "$dir"
cat >"$dir/package.json" <<JSON
{ "name": "try-all", "private": true, "type": "module",
  "dependencies": {
    "@agent-memory/core": "file:$(tarball core)",
    "@agent-memory/store-pgvector": "file:$(tarball store-pgvector)",
    "@agent-memory/embedder-hashing": "file:$(tarball embedder-hashing)",
    "@agent-memory/embedder-openrouter": "file:$(tarball embedder-openrouter)",
    "@agent-memory/tool-memory-search": "file:$(tarball tool-memory-search)",
    "@electric-sql/pglite": "0.5.14",
    "@electric-sql/pglite-pgvector": "0.0.15"
  },
  $(overrides) }
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
if (!/^1\. \[score [01]\.\d\d \| \d{4}-\d\d-\d\dT[\d:]+Z\] The user is vegetarian/.test(text)) throw new Error(`unexpected: ${text}`)
if (!other.startsWith('No relevant long-term memory found.')) throw new Error(`isolation broken: ${other}`)
console.log(text)
JS
(cd "$dir" && npm_install && node smoke.mjs) ||
  { echo "check-pack: the packages do not work together from their tarballs" >&2; exit 1; }
echo "check-pack: all packages together from tarballs: remember + memory_search ok"

# Source maps ship their sources: every map in every tarball points at files inside that tarball.
node --input-type=module - "$dir/node_modules/@agent-memory" <<'JS' || { echo "check-pack: a source map points at a file that is not shipped" >&2; exit 1; }
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
const base = process.argv[2]
let maps = 0
const missing = []
for (const pkg of readdirSync(base)) {
  for (const file of readdirSync(path.join(base, pkg), { recursive: true })) {
    if (!String(file).endsWith('.map')) continue
    maps += 1
    const at = path.join(base, pkg, String(file))
    const map = JSON.parse(readFileSync(at, 'utf8'))
    for (const source of map.sources) {
      const resolved = path.resolve(path.dirname(at), map.sourceRoot ?? '', source)
      if (!resolved.startsWith(path.join(base, pkg) + path.sep) || !existsSync(resolved)) missing.push(`${at} -> ${source}`)
    }
  }
}
if (maps === 0 || missing.length > 0) {
  console.error(`${maps} maps; missing sources:\n${missing.slice(0, 10).join('\n')}`)
  process.exit(1)
}
console.log(`check-pack: ${maps} source maps, every source shipped`)
JS

# The CLI as a user gets it from npm: its tarball alone in an empty folder, run from node_modules/.bin.
dir="$work/try-cli"
mkdir -p "$dir"
cat >"$dir/package.json" <<JSON
{ "name": "try-cli", "private": true, "type": "module",
  "dependencies": { "@agent-memory/cli": "file:$(tarball cli)" },
  $(overrides) }
JSON
(cd "$dir" && npm_install)
cli="$dir/node_modules/.bin/agent-memory"
[ -x "$cli" ] || { echo "check-pack: the CLI tarball installs no agent-memory binary" >&2; exit 1; }
(cd "$dir" && unset OPENROUTER_API_KEY AGENT_MEMORY_DATA_DIR DATABASE_URL &&
  "$cli" --version &&
  "$cli" demo >demo.out 2>demo.err &&
  "$cli" remember "Prefers short answers, no emojis" --namespace ada --data-dir ./mem >/dev/null 2>&1 &&
  "$cli" search "how should answers look?" --namespace ada --data-dir ./mem >search.out 2>search.err) ||
  { echo "check-pack: the CLI from its tarball failed" >&2; cat "$dir"/*.err >&2 || true; exit 1; }
grep -q '^Done\.' "$dir/demo.out" || { echo "check-pack: agent-memory demo did not finish" >&2; cat "$dir/demo.out" >&2; exit 1; }
grep -q 'Prefers short answers, no emojis' "$dir/search.out" ||
  { echo "check-pack: agent-memory search did not find the memory" >&2; cat "$dir/search.out" >&2; exit 1; }
echo "check-pack: @agent-memory/cli from its tarball: demo ($(wc -l <"$dir/demo.out") lines) and search ok"
