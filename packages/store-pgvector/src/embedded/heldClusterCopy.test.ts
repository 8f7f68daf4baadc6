import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { servedSystemIdentifier } from '../__fixtures__/servedSystemIdentifier.js'
import { openEmbeddedStore, type PgVectorStore } from '../index.js'
import { pgliteVersion } from './pgliteVersion.js'

const dirs: string[] = []
const stores: PgVectorStore[] = []

function temporary(prefix: string): string {
  // Short: a Unix socket path has to fit in 107 bytes.
  const dir = mkdtempSync(join(tmpdir(), prefix))
  dirs.push(dir)
  return dir
}

/** Opens a fresh served data directory with the machine cache in `cacheDir`; its system identifier. */
async function freshIdentifier(cacheDir: string): Promise<string> {
  const dataDir = temporary('am-hc-')
  const store = await openEmbeddedStore({
    dataDir,
    dimensions: 4,
    handleSignals: false,
    serve: {},
    clusterCache: cacheDir,
  })
  stores.push(store)
  return servedSystemIdentifier(dataDir)
}

// Alone in its file: vitest gives each file its own module state, so no other open came first.
describe('a process holds the machine copy once it has loaded it twice', { timeout: 300_000 }, () => {
  afterAll(async () => {
    for (const store of stores.splice(0).reverse()) await store.close().catch(() => undefined)
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('reads the file for the first two fresh stores, then loads its own copy without it', async () => {
    const cacheDir = join(temporary('am-hk-'), 'cache')
    const filed = await freshIdentifier(cacheDir)
    expect(await freshIdentifier(cacheDir)).toBe(filed)
    expect(await freshIdentifier(cacheDir)).toBe(filed)
    rmSync(join(cacheDir, `pglite-${pgliteVersion()}-cluster.tar`))
    // initdb would draw a new identifier: the copy came from this process's memory.
    expect(await freshIdentifier(cacheDir)).toBe(filed)
  })
})
