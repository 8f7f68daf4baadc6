// The `agent-memory` command as one bundled entry (dist/bundle/bin.js) with a chunk per lazily
// loaded part: a cold command reads a few files instead of hundreds of modules. PGlite and its
// extension stay outside (they find their wasm and data files beside their own modules), and so
// does pg (its optional native binding); both are dependencies of this package. The optional
// embedder package is never bundled: a user installs it beside the command, or goes without.
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const outdir = `${root}dist/bundle`
await rm(outdir, { recursive: true, force: true })
await build({
  entryPoints: { bin: `${root}dist/bin.js` },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: [
    '@electric-sql/pglite',
    '@electric-sql/pglite/*',
    '@electric-sql/pglite-pgvector',
    'pg',
    'pg-native',
    '@agent-memory/embedder-use',
  ],
  // CommonJS dependencies inside an ES module bundle still call require() for Node's modules.
  banner: {
    js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
})
