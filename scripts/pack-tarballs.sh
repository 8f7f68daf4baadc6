#!/usr/bin/env bash
# Builds and packs every publishable package (the libraries and the CLI) into the directory given
# as $1, as `pnpm publish` would (workspace:* ranges rewritten to real versions). check-pack.sh and
# check-sdk-matrix.sh install from these tarballs; CI packs once and hands the directory to both.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: pack-tarballs.sh <output directory>}
mkdir -p "$out"
dirs=(packages/core packages/embedder-hashing packages/embedder-openrouter packages/embedder-ai-sdk packages/embedder-use packages/store-pgvector
  packages/tool-memory-search packages/langgraph packages/observe apps/cli)
# A fresh build: files left in dist/ by a moved or deleted source would otherwise ship (a cached
# turbo replay would bring them back too, hence --force).
for dir in "${dirs[@]}"; do rm -rf "$dir/dist"; done
# CI puts a pnpm 10 on PATH (scripts/ensure-pnpm.sh); elsewhere npx fetches it.
pnpm() { if type -P pnpm >/dev/null; then command pnpm "$@"; else npx -y pnpm@10 "$@"; fi; }
pnpm turbo run build --force --filter=@agent-memory/cli... --filter=@agent-memory/embedder-ai-sdk --filter=@agent-memory/langgraph --output-logs=errors-only >/dev/null
for dir in "${dirs[@]}"; do
  (cd "$dir" && pnpm pack --pack-destination "$out" >/dev/null)
done
ls "$out"/*.tgz >/dev/null
