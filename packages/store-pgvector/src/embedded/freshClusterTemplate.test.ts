import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { servedSystemIdentifier } from '../__fixtures__/servedSystemIdentifier.js'
import { openEmbeddedStore, type PgVectorStore } from '../index.js'

const dims = 4
const dirs: string[] = []
const stores: PgVectorStore[] = []

async function freshServedStore(): Promise<{ store: PgVectorStore; dataDir: string }> {
  // Short: a Unix socket path has to fit in 107 bytes.
  const dataDir = mkdtempSync(join(tmpdir(), 'am-tpl-'))
  dirs.push(dataDir)
  const store = await openEmbeddedStore({
    dataDir,
    dimensions: dims,
    handleSignals: false,
    serve: {},
    // The in-process copy alone: the machine's would serve every open here.
    clusterCache: false,
  })
  stores.push(store)
  return { store, dataDir }
}

// Alone in its file: vitest gives each file its own module state, so no other open came first.
describe('fresh clusters after the second come from a pristine copy (no initdb)', {
  timeout: 300_000,
}, () => {
  afterAll(async () => {
    for (const store of stores.splice(0).reverse()) await store.close().catch(() => undefined)
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('runs initdb for the first two, copies the second for the third, and the copy holds no store', async () => {
    const first = await freshServedStore()
    const second = await freshServedStore()
    const write = { id: 'kept-in-second', tier: 'semantic' as const, content: 'only here', fingerprint: 'f' }
    await second.store.upsert('ns', [{ ...write, embedding: Float32Array.from([1, 0, 0, 0]) }])
    const third = await freshServedStore()

    const [a, b, c] = await Promise.all([first, second, third].map((s) => servedSystemIdentifier(s.dataDir)))
    expect(a).not.toBe(b)
    expect(c).toBe(b)
    // Migrated, empty and writable like any fresh store; the second's memory is not in it.
    expect(await third.store.list('ns')).toEqual([])
    await third.store.upsert('ns', [{ ...write, id: 'third', embedding: Float32Array.from([0, 1, 0, 0]) }])
    expect((await third.store.list('ns')).map((m) => m.id)).toEqual(['third'])
    expect((await second.store.list('ns')).map((m) => m.id)).toEqual(['kept-in-second'])

    // The copy carried none of the second directory's lock: the third closes, releases its own
    // and opens again with what it wrote.
    await third.store.close()
    expect(readdirSync(third.dataDir)).not.toContain('agent-memory.lock')
    const reopened = await openEmbeddedStore({
      dataDir: third.dataDir,
      dimensions: dims,
      handleSignals: false,
    })
    stores.push(reopened)
    expect((await reopened.list('ns')).map((m) => m.id)).toEqual(['third'])
  })
})
