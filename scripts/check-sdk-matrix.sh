#!/usr/bin/env bash
# The adapters against the SDKs' own types: one small npm project per SDK major installs the packed
# tarballs and that SDK, type-checks the README examples (as written: scripts/readme-examples.mjs
# copies them out of the READMEs) and a round trip with `tsc --strict` under both `moduleResolution:
# NodeNext` and `bundler`, with the workspace's TypeScript (5.x) and with `typescript@latest` (the
# native compiler from 7 on), then runs the round trip (a real SDK client against a scripted server
# on 127.0.0.1, the AI SDK's mock models, a real MCP client over stdio).
# The install itself is checked: npm's output naming ERESOLVE or a peer dependency fails the fixture,
# so a user's `npm install` of the same packages beside that SDK gives no peer warning.
# SDK ranges float on purpose ("latest", "^5"): the day an SDK changes its types, this goes red.
# TARBALLS=<dir> reuses tarballs from scripts/pack-tarballs.sh; SDK_MATRIX_ONLY="openai-latest ai-6"
# runs some fixtures only; TS_LATEST=<npm spec> replaces typescript@latest; NODE24=<bin dir> is the
# Node 24 of the fixtures that need one (else scripts/node-from-npm.sh fetches it).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
tsc="$root/node_modules/.bin/tsc"
# Every ts block of the READMEs is one of the readme-*.ts files below (checked first: it is instant).
node scripts/readme-examples.mjs --coverage
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=${TARBALLS:-}
if [ -z "$out" ]; then
  out="$work/tarballs"
  bash scripts/pack-tarballs.sh "$out"
fi
tarball() { ls "$out"/agent-memory-"$1"-[0-9]*.tgz; }

# The second compiler every fixture is type-checked with, installed once for all of them.
ts_latest_spec=${TS_LATEST:-typescript@latest}
mkdir -p "$work/ts-latest"
(cd "$work/ts-latest" && echo '{ "private": true }' >package.json &&
  npm install --no-audit --no-fund --loglevel=error "$ts_latest_spec" >/dev/null) ||
  { echo "sdk-matrix: npm install $ts_latest_spec failed"; exit 1; }
tsc_latest="$work/ts-latest/node_modules/.bin/tsc"
echo "sdk-matrix: type-checking with TypeScript $("$tsc" --version | sed 's/Version //') and $ts_latest_spec ($("$tsc_latest" --version | sed 's/Version //'))"

# One fixture per line:
# name | SDK packages (npm specs) | files to type-check | files to run | extra agent-memory tarballs | Node major
# readme-<name>.ts files are the READMEs' examples as written (scripts/readme-examples.mjs writes them).
# The Node major is empty for the Node running this script, or 24 for an SDK that needs a newer one.
fixtures=(
  "openai-5|openai@^5|openai.ts readme-openai-chat.ts readme-openai-responses.ts|openai|"
  "openai-6|openai@^6|openai.ts readme-openai-chat.ts readme-openai-responses.ts|openai|"
  "openai-latest|openai@latest|openai.ts readme-openai-chat.ts readme-openai-responses.ts|openai|"
  "anthropic-latest|@anthropic-ai/sdk@latest|anthropic.ts readme-anthropic.ts|anthropic|"
  "ai-5|ai@^5 @ai-sdk/openai@^2|ai-sdk.ts ai-sdk-shared-tools.ts ai-sdk-v5.ts embedder-v5.ts readme-ai-sdk-tools.ts readme-ai-sdk-library.ts readme-embedder-ai-sdk.ts|ai-sdk-v5 embedder-v5|embedder-ai-sdk embedder-openrouter"
  "ai-6|ai@^6 @ai-sdk/openai@^3 @ai-sdk/cohere@^3|ai-sdk.ts ai-sdk-shared-tools.ts ai-sdk-v6.ts embedder-v6.ts middleware.ts middleware-v6.ts readme-ai-sdk-tools.ts readme-ai-sdk-library.ts readme-ai-sdk-observe.ts readme-observe-report.ts readme-observe-middleware.ts readme-embedder-ai-sdk.ts readme-embedder-reranker.ts readme-guide-openrouter.ts readme-guide-middleware.ts readme-guide-observe.ts|ai-sdk-v6 embedder-v6 middleware-v6|embedder-ai-sdk embedder-openrouter observe"
  # ai 7 needs Node >= 22; it is installed beside every package of ours and zod 4, as a user of all of them would.
  "ai-7|ai@^7 zod@^4 @ai-sdk/openai@^4 @ai-sdk/cohere@^4|ai-sdk.ts ai-sdk-v7.ts embedder-v7.ts middleware.ts middleware-v7.ts readme-ai-sdk-tools.ts readme-ai-sdk-library.ts readme-ai-sdk-observe.ts readme-observe-report.ts readme-observe-middleware.ts readme-embedder-ai-sdk.ts readme-embedder-reranker.ts readme-guide-openrouter.ts readme-guide-middleware.ts readme-guide-observe.ts|ai-sdk-v7 embedder-v7 middleware-v7|embedder-ai-sdk embedder-openrouter embedder-use observe|24"
  "mcp|@modelcontextprotocol/sdk@^1|mcp.ts readme-mcp.ts readme-plain-function.ts readme-read-replica.ts readme-guide-postgres-setup.ts readme-guide-embedded.ts readme-guide-ranking.ts|mcp|"
)

# LangGraph.js and the OpenAI Agents SDK.
source scripts/sdk-matrix/framework-fixtures.sh

json_list() { printf '"%s",' "$@" | sed 's/,$//'; }
# One fixture, start to end; prints its result line (or its errors) and fails when it fails.
run_fixture() {
  local name=$1 sdks=$2 files=$3 runs=$4 extras=$5 node_major=$6 started=$SECONDS
  local dir="$work/$name"
  if [ -n "$node_major" ] && [ "$(node -p 'process.versions.node.split(".")[0]')" != "$node_major" ]; then
    [ "$node_major" = 24 ] || { echo "sdk-matrix: $name: no Node $node_major"; return 1; }
    PATH="${NODE24:-$(bash scripts/node-from-npm.sh 24)}:$PATH"
  fi
  mkdir -p "$dir"
  local file_list sdk_list
  read -r -a file_list <<<"$files"
  cp scripts/sdk-matrix/memory.ts scripts/sdk-matrix/scriptedServer.ts "$dir/"
  for f in "${file_list[@]}"; do
    case $f in
    readme-*.ts) f=${f#readme-} && node scripts/readme-examples.mjs "$dir" "${f%.ts}" ;;
    *) cp "scripts/sdk-matrix/$f" "$dir/" ;;
    esac
  done
  cat >"$dir/package.json" <<JSON
{ "name": "sdk-matrix-$name", "private": true, "type": "module",
  "dependencies": {
    "@agent-memory/core": "file:$(tarball core)",
    "@agent-memory/embedder-hashing": "file:$(tarball embedder-hashing)",
    "@agent-memory/store-pgvector": "file:$(tarball store-pgvector)",
    "@agent-memory/tool-memory-search": "file:$(tarball tool-memory-search)",
    "@electric-sql/pglite": "0.5.14",
    "@electric-sql/pglite-pgvector": "0.0.15",
    $(for e in $extras; do printf '"@agent-memory/%s": "file:%s",' "$e" "$(tarball "$e")"; done)
    "@types/node": "^20.19.0"
  },
  "overrides": { "@agent-memory/core": "file:$(tarball core)" } }
JSON
  read -r -a sdk_list <<<"$sdks"
  # One retry from scratch, as in check-pack.sh. Warnings are kept: a peer warning fails below.
  (cd "$dir" && { npm install --no-audit --no-fund --loglevel=warn "${sdk_list[@]}" >/dev/null 2>npm.err ||
    { rm -rf node_modules package-lock.json && npm install --no-audit --no-fund --loglevel=warn "${sdk_list[@]}" >/dev/null 2>npm.err; }; }) ||
    { cat "$dir/npm.err"; echo "sdk-matrix: $name: npm install failed"; return 1; }
  if grep -iE 'ERESOLVE|peer' "$dir/npm.err" >/dev/null; then
    cat "$dir/npm.err"
    echo "sdk-matrix: $name: npm install ${sdk_list[*]} beside our packages warns of a peer dependency"
    return 1
  fi
  local versions="" spec pkg
  for spec in "${sdk_list[@]}"; do
    pkg=${spec%@*}
    versions+="$pkg $(node -p "require('$dir/node_modules/$pkg/package.json').version") "
  done
  local common='"target": "ES2022", "strict": true, "skipLibCheck": true, "types": ["node"], "lib": ["ES2023"]'
  cat >"$dir/tsconfig.nodenext.json" <<JSON
{ "compilerOptions": { "module": "NodeNext", "moduleResolution": "NodeNext", "outDir": "dist", $common }, "files": [$(json_list "${file_list[@]}")] }
JSON
  cat >"$dir/tsconfig.bundler.json" <<JSON
{ "compilerOptions": { "module": "preserve", "moduleResolution": "bundler", "noEmit": true, $common }, "files": [$(json_list "${file_list[@]}")] }
JSON
  local ok=true mode r rounds=""
  for mode in nodenext bundler; do
    if ! (cd "$dir" && "$tsc" -p "tsconfig.$mode.json" >"$dir/tsc.$mode.out"); then
      echo "sdk-matrix: $name (${versions% }): tsc --strict, moduleResolution $mode FAILED:"
      cat "$dir/tsc.$mode.out"
      ok=false
    fi
    if ! (cd "$dir" && "$tsc_latest" -p "tsconfig.$mode.json" --noEmit >"$dir/tsc-latest.$mode.out"); then
      echo "sdk-matrix: $name (${versions% }): $ts_latest_spec --strict, moduleResolution $mode FAILED:"
      cat "$dir/tsc-latest.$mode.out"
      ok=false
    fi
  done
  if $ok; then
    for r in $runs; do
      if (cd "$dir" && timeout 120 node "dist/$r.js" >"$dir/run.out" 2>&1); then
        rounds+="; $(tail -1 "$dir/run.out")"
      else
        echo "sdk-matrix: $name (${versions% }): round trip $r FAILED:"
        cat "$dir/run.out"
        ok=false
      fi
    done
  fi
  $ok || return 1
  echo "sdk-matrix: $name ok (${versions% }; node $(node --version); tsc 5 and latest --strict NodeNext + bundler$rounds; $((SECONDS - started)) s)"
}

# Fixtures run SDK_MATRIX_JOBS at a time (default 2: npm waits on the network while tsc computes);
# results are printed in the table's order.
jobs=${SDK_MATRIX_JOBS:-2}
names=()
for fixture in "${fixtures[@]}"; do
  IFS='|' read -r name sdks files runs extras node_major <<<"$fixture"
  if [ -n "${SDK_MATRIX_ONLY:-}" ] && ! grep -qw -- "$name" <<<"$SDK_MATRIX_ONLY"; then continue; fi
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  # The status from an EXIT trap: under set -e a failing run_fixture ends the subshell before any
  # command after it.
  (
    trap 'echo $? >"$work/$name.status"' EXIT
    run_fixture "$name" "$sdks" "$files" "$runs" "$extras" "$node_major" >"$work/$name.log" 2>&1
  ) &
  names+=("$name")
done
wait
failed=()
for name in "${names[@]}"; do
  cat "$work/$name.log"
  [ "$(cat "$work/$name.status" 2>/dev/null)" = 0 ] || failed+=("$name")
done
[ ${#names[@]} -gt 0 ] || { echo "sdk-matrix: no fixture selected" >&2; exit 1; }
[ ${#failed[@]} -eq 0 ] || { echo "sdk-matrix: failed: ${failed[*]}" >&2; exit 1; }
