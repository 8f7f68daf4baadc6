#!/usr/bin/env bash
# The release steps of CONTRIBUTING.md, up to the dry run, on a throwaway clone of HEAD (the working
# tree is never touched): install, `changeset version`, install again, then `pnpm publish -r
# --dry-run`. Fails unless every publishable package would be published at its new version, with
# its `workspace:*` ranges rewritten, `dist` in the file list and no tests or fixtures.
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
published=(packages/core packages/embedder-hashing packages/embedder-openrouter packages/embedder-ai-sdk
  packages/store-pgvector packages/tool-memory-search packages/observe apps/cli)

pnpm install --frozen-lockfile --prefer-offline --reporter=silent
before=$(for dir in "${published[@]}"; do node -p "require('./$dir/package.json').version"; done | tr '\n' ' ')
pnpm exec changeset version >"$work/version.log" 2>&1 || { cat "$work/version.log"; echo "check-release: changeset version failed" >&2; exit 1; }
[ -z "$(ls .changeset/*.md 2>/dev/null | grep -v README.md || true)" ] ||
  { echo "check-release: changesets left after changeset version: $(ls .changeset)" >&2; exit 1; }
pnpm install --prefer-offline --reporter=silent
if [ -n "${DIST_FROM:-}" ]; then
  for dir in "${published[@]}"; do cp -R "$DIST_FROM/$dir/dist" "$dir/dist"; done
else
  pnpm turbo run build --filter=@agent-memory/cli... --filter=@agent-memory/embedder-ai-sdk --output-logs=errors-only >/dev/null
fi

pnpm publish -r --dry-run --no-git-checks --report-summary >"$work/publish.log" 2>&1 ||
  { cat "$work/publish.log"; echo "check-release: pnpm publish -r --dry-run failed" >&2; exit 1; }
node --input-type=module - "$work/publish.log" "${published[@]}" <<'JS'
// What pnpm would publish, read back: one tarball per publishable package at its package.json
// version, workspace ranges rewritten, dist shipped and nothing private or test-only inside.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
const [log, ...dirs] = process.argv.slice(2)
const summary = JSON.parse(readFileSync('pnpm-publish-summary.json', 'utf8')).publishedPackages
const problems = []
const lines = []
for (const dir of dirs) {
  const pkg = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'))
  if (!summary.some((p) => p.name === pkg.name && p.version === pkg.version)) {
    problems.push(`${pkg.name}@${pkg.version} is not in the dry run's summary`)
    continue
  }
  // The manifest pnpm publishes is the one it packs: read it back from a pack of the same folder.
  const packed = JSON.parse(execFileSync('pnpm', ['pack', '--json', '--pack-destination', '/tmp'], { cwd: dir, encoding: 'utf8' }))
  execFileSync('rm', ['-f', packed.filename])
  const files = packed.files.map((f) => f.path)
  const bad = files.filter((f) => /\.test\.|__fixtures__|\.turbo|tsconfig\.tsbuildinfo/.test(f))
  if (bad.length > 0) problems.push(`${pkg.name} ships ${bad.slice(0, 5).join(', ')}`)
  if (!files.some((f) => f.startsWith('dist/'))) problems.push(`${pkg.name} ships no dist/`)
  for (const f of ['package.json', 'README.md', 'LICENSE']) if (!files.includes(f)) problems.push(`${pkg.name} lacks ${f}`)
  if (pkg.repository?.directory !== dir) problems.push(`${pkg.name}: repository.directory is not ${dir}`)
  lines.push(`${pkg.name}@${pkg.version} (${files.length} files)`)
}
if (/workspace:/.test(readFileSync(log, 'utf8'))) problems.push('a workspace: range in the dry run output')
if (problems.length > 0) {
  console.error(`check-release:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log(`check-release: changeset version + pnpm publish -r --dry-run ok: ${lines.join(', ')}`)
JS
echo "check-release: versions before: $before"
