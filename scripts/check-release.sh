#!/usr/bin/env bash
# The release steps of CONTRIBUTING.md, up to the dry run, on a throwaway clone of HEAD (the working
# tree is never touched): install, `changeset version`, install again, then `pnpm publish -r
# --dry-run`. Fails unless every publishable package would be published at its new version with
# `dist`, README, CHANGELOG (written by changeset version) and LICENSE in its file list, no tests or fixtures, its licence, `repository.directory`
# and provenance on.
# DIST_FROM=<checkout> copies that checkout's built dist/ folders instead of building (CI has just
# built them for the pack check); otherwise the clone builds.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
pnpm() { if type -P pnpm >/dev/null; then command pnpm "$@"; else npx -y pnpm@10 "$@"; fi; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
clone="$work/clone"
git clone --quiet --no-hardlinks "$root" "$clone"
cd "$clone"
published=(packages/core packages/embedder-hashing packages/embedder-openrouter packages/embedder-ai-sdk packages/embedder-use
  packages/store-pgvector packages/tool-memory-search packages/langgraph packages/observe apps/cli)

pnpm install --frozen-lockfile --prefer-offline --reporter=silent
pnpm exec changeset version >"$work/version.log" 2>&1 || { cat "$work/version.log"; echo "check-release: changeset version failed" >&2; exit 1; }
[ -z "$(ls .changeset/*.md 2>/dev/null | grep -v README.md || true)" ] ||
  { echo "check-release: changesets left after changeset version: $(ls .changeset)" >&2; exit 1; }
pnpm install --prefer-offline --reporter=silent
if [ -n "${DIST_FROM:-}" ]; then
  for dir in "${published[@]}"; do cp -R "$DIST_FROM/$dir/dist" "$dir/dist"; done
else
  pnpm turbo run build --filter=@agent-memory/cli... --filter=@agent-memory/embedder-ai-sdk --filter=@agent-memory/langgraph --output-logs=errors-only >/dev/null
fi

pnpm publish -r --dry-run --no-git-checks >"$work/publish.log" 2>&1 ||
  { cat "$work/publish.log"; echo "check-release: pnpm publish -r --dry-run failed" >&2; exit 1; }
node --input-type=module - "$work/publish.log" "${published[@]}" <<'JS'
// Read back what the dry run would publish (npm's "Tarball Contents" per package): every publishable
// package at its new version, with dist, README, CHANGELOG and LICENSE and nothing test-only. The manifests'
// workspace:* rewriting is the same pnpm pack that check-pack.sh installs from.
import { readFileSync } from 'node:fs'
const [log, ...dirs] = process.argv.slice(2)
const contents = new Map()
let current
for (const line of readFileSync(log, 'utf8').split('\n')) {
  const header = /📦\s+(\S+)$/u.exec(line)
  if (header) contents.set((current = header[1]), [])
  else if (/^npm notice (Tarball Details|=== )/.test(line)) current = undefined
  else {
    const file = /^npm notice [\d.]+k?M?B (.+)$/.exec(line)
    if (file && current !== undefined) contents.get(current).push(file[1])
  }
}
const problems = []
const lines = []
for (const dir of dirs) {
  const pkg = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'))
  const files = contents.get(`${pkg.name}@${pkg.version}`)
  if (files === undefined) {
    problems.push(`${pkg.name}@${pkg.version} is not in the dry run`)
    continue
  }
  const bad = files.filter((f) => /\.test\.|__fixtures__|\.turbo|tsbuildinfo/.test(f))
  if (bad.length > 0) problems.push(`${pkg.name} ships ${bad.slice(0, 5).join(', ')}`)
  if (!files.some((f) => f.startsWith('dist/'))) problems.push(`${pkg.name} ships no dist/`)
  for (const f of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE']) {
    if (!files.includes(f)) problems.push(`${pkg.name} lacks ${f}`)
  }
  if (pkg.license !== 'MIT') problems.push(`${pkg.name}: license ${pkg.license}`)
  if (pkg.repository?.directory !== dir) problems.push(`${pkg.name}: repository.directory is not ${dir}`)
  if (pkg.publishConfig?.provenance !== true) problems.push(`${pkg.name}: publishConfig.provenance is not on`)
  lines.push(`${pkg.name}@${pkg.version} (${files.length} files)`)
}
if (problems.length > 0) {
  console.error(`check-release:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log(`check-release: changeset version, then pnpm publish -r --dry-run: ${lines.join(', ')}`)
JS
