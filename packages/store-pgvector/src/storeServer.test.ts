import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { StoreError } from '@agent-memory/core'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import {
  connectEmbeddedStore,
  openEmbeddedStore,
  type PgVectorStore,
  type ServedWrites,
  storeSocketPath,
} from './index.js'

const dims = 4
const v = (x: number) => Float32Array.from([1, x, 0, 0])
const dirs: string[] = []
const open: Array<{ close(): Promise<void> }> = []

function freshDir(): string {
  // Short: a Unix socket path has to fit in 107 bytes.
  const dir = mkdtempSync(join(tmpdir(), 'am-srv-'))
  dirs.push(dir)
  return dir
}

async function owner(
  dataDir: string,
  holdTimeoutMs?: number,
  options: { sharedBuffers?: string } = {},
): Promise<PgVectorStore> {
  const store = await openEmbeddedStore({
    dataDir,
    model: 'srv-test',
    dimensions: dims,
    handleSignals: false,
    serve: holdTimeoutMs === undefined ? {} : { holdTimeoutMs },
    ...options,
  })
  open.push(store)
  return store
}

async function client(dataDir: string): Promise<PgVectorStore> {
  const connected = await connectEmbeddedStore({ dataDir, model: 'srv-test', dimensions: dims })
  if (connected === undefined) throw new Error('nobody serves the directory')
  open.push(connected.store)
  return connected.store
}

function rawClient(dataDir: string): pg.Client {
  const raw = new pg.Client({ host: dirname(storeSocketPath(dataDir)), port: 5432, user: 'postgres' })
  raw.on('error', () => undefined)
  return raw
}

const write = (id: string, x = 0) => ({
  id,
  tier: 'semantic' as const,
  content: `memory ${id}`,
  fingerprint: id,
  embedding: v(x),
})

describe('embedded store server (PGlite over a Unix socket)', { timeout: 300_000 }, () => {
  afterEach(async () => {
    for (const store of open.splice(0).reverse()) await store.close().catch(() => undefined)
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('a connecting client waits for its turn while another holds the store, past a network-style 5 s', async () => {
    const dataDir = freshDir()
    const served = await owner(dataDir)
    await served.upsert('ns', [write('before')])
    const holder = rawClient(dataDir)
    await holder.connect()
    await holder.query('BEGIN')
    // The startup of this connection is answered only in its turn, after the holder commits.
    const late = connectEmbeddedStore({ dataDir, model: 'srv-test', dimensions: dims }).then(
      (connected) => ({ connected }),
      (error: unknown) => ({ error }),
    )
    await new Promise((resolve) => setTimeout(resolve, 6_000))
    await holder.query('COMMIT')
    await holder.end()
    const outcome = await late
    expect(outcome).not.toHaveProperty('error')
    const { connected } = outcome as { connected: Awaited<ReturnType<typeof connectEmbeddedStore>> }
    expect(connected).toBeDefined()
    open.push(connected!.store)
    expect((await connected!.store.list('ns')).map((m) => m.id)).toEqual(['before'])
  })

  it('serves the same store to a client: writes either side are seen by both', async () => {
    const dataDir = freshDir()
    const served = await owner(dataDir)
    const remote = await client(dataDir)
    await served.upsert('ns', [write('from-owner')])
    await remote.upsert('ns', [write('from-client', 0.5)])
    const ids = (store: PgVectorStore) => store.list('ns').then((list) => list.map((m) => m.id).sort())
    expect(await ids(served)).toEqual(['from-client', 'from-owner'])
    expect(await ids(remote)).toEqual(['from-client', 'from-owner'])
    const hits = await remote.searchVector('ns', v(0), { limit: 2 })
    expect(hits[0]?.memory.id).toBe('from-owner')
    expect(await remote.recordedEmbedder()).toEqual({ model: 'srv-test', dimensions: dims })
  })

  it('boots PGlite with the shared_buffers it is given (PGlite’s 128MB without one)', async () => {
    const showBuffers = async (dataDir: string) => {
      const raw = rawClient(dataDir)
      await raw.connect()
      try {
        return (await raw.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows[0]?.shared_buffers
      } finally {
        await raw.end()
      }
    }
    const small = freshDir()
    await owner(small, undefined, { sharedBuffers: '16MB' })
    expect(await showBuffers(small)).toBe('16MB')
    const usual = freshDir()
    await owner(usual)
    expect(await showBuffers(usual)).toBe('128MB')
  })

  it("counts a client's committed writes toward the holder's ANALYZE thresholds, not rolled-back ones", async () => {
    const dataDir = freshDir()
    const reported: ServedWrites[] = []
    const store = await openEmbeddedStore({
      dataDir,
      model: 'srv-test',
      dimensions: dims,
      handleSignals: false,
      serve: { onWrites: (writes) => reported.push(writes) },
    })
    open.push(store)
    const remote = await client(dataDir)
    await remote.upsert('ns', [write('a'), write('b'), write('c')])
    const raw = rawClient(dataDir)
    await raw.connect()
    await raw.query('BEGIN')
    await raw.query("UPDATE memories SET content = content || '!'")
    await raw.query('ROLLBACK')
    await raw.query("DELETE FROM memories WHERE id = 'a'")
    await raw.end()
    const total = reported.reduce((sum, writes) => ({
      changed: sum.changed + writes.changed,
      dead: sum.dead + writes.dead,
    }))
    // Three inserted rows (plus whatever else the upsert touched), one deleted; the update rolled back.
    expect(total.dead).toBe(1)
    expect(total.changed).toBeGreaterThanOrEqual(4)
    expect(reported.every((writes) => writes.changed > 0)).toBe(true)
  })

  it('creates the socket for its owner alone', async () => {
    const dataDir = freshDir()
    await owner(dataDir)
    const socket = storeSocketPath(dataDir)
    expect(statSync(socket).isSocket()).toBe(true)
    expect(statSync(socket).mode & 0o777).toBe(0o600)
    expect(statSync(dirname(socket)).mode & 0o777).toBe(0o700)
  })

  it('keeps concurrent work of the owner and two clients apart (no interleaved batches or transactions)', async () => {
    const dataDir = freshDir()
    const served = await owner(dataDir)
    const [a, b] = [await client(dataDir), await client(dataDir)]
    const writers = [served, a, b].map(async (store, who) => {
      for (let i = 0; i < 15; i++) {
        await store.upsert('ns', [write(`w${who}-${i}a`, i / 15), write(`w${who}-${i}b`, i / 30)])
        await store.searchVector('ns', v(i / 15), { limit: 3 })
      }
    })
    await Promise.all(writers)
    expect((await served.list('ns', { limit: 500 })).length).toBe(90)
    expect((await b.list('ns', { limit: 500 })).length).toBe(90)
  })

  it('rolls back a client that disconnects mid-transaction, and the owner carries on', async () => {
    const dataDir = freshDir()
    const served = await owner(dataDir)
    const raw = rawClient(dataDir)
    await raw.connect()
    await raw.query('BEGIN')
    await raw.query(
      "INSERT INTO memories (namespace, id, tier, content, fingerprint, created_at, updated_at, last_accessed_at, embed_state, search) VALUES ('ns', 'half', 'semantic', 'x', 'x', now(), now(), now(), 'pending', ''::tsvector)",
    )
    // The owner waits for the client's transaction: it is queued behind the client's turn.
    const ownerWrite = served.upsert('ns', [write('after')])
    ;(raw as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
    await ownerWrite
    expect((await served.list('ns')).map((m) => m.id)).toEqual(['after'])
  })

  it('disconnects a client that keeps a transaction open past the turn timeout', async () => {
    const dataDir = freshDir()
    const served = await owner(dataDir, 300)
    const raw = rawClient(dataDir)
    await raw.connect()
    const ended = new Promise<void>((resolve) => raw.on('end', () => resolve()))
    await raw.query('BEGIN')
    await served.upsert('ns', [write('owner-after-timeout')])
    await ended
    expect((await served.list('ns')).map((m) => m.id)).toEqual(['owner-after-timeout'])
  })

  it('lets a client that keeps reading hold the store past the limit: a backup longer than it is whole and one point in time', async () => {
    const dataDir = freshDir()
    const served = await owner(dataDir, 2_000)
    await served.upsert(
      'ns',
      Array.from({ length: 3_000 }, (_, i) => write(`m${String(i).padStart(4, '0')}`, i / 3_000)),
    )
    const backup = await client(dataDir)
    const copied: string[] = []
    let ownerWrite: Promise<unknown> | undefined
    const started = Date.now()
    // Six pages of 500 rows, each followed by 400 ms of writing: the read lasts past the limit,
    // and no silence between its statements comes near it.
    const result = await backup.exportSnapshot(async (row) => {
      copied.push(row.memory.id)
      // The owner writes while the backup holds the store: it waits, and the copy never sees it.
      ownerWrite ??= served.upsert('ns', [write('written-during-backup')])
      if (copied.length % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 40))
    })
    expect(Date.now() - started).toBeGreaterThan(2_000)
    expect(result).toEqual({ namespaces: ['ns'], memories: 3_000 })
    expect(copied).not.toContain('written-during-backup')
    await ownerWrite
    expect(await served.get('ns', 'written-during-backup')).not.toBeNull()
  })

  it('fails a client call with a connection error when the server goes away, and never hangs', async () => {
    const dataDir = freshDir()
    const served = await owner(dataDir)
    const remote = await client(dataDir)
    await remote.upsert('ns', [write('before')])
    await served.close()
    const failure = await remote.list('ns').catch((error: unknown) => error)
    expect(StoreError.isInstance(failure) && failure.kind).toBe('connection')
    // The owner removed its socket: the next opener finds nobody serving and opens the files itself.
    expect(await connectEmbeddedStore({ dataDir, dimensions: dims })).toBeUndefined()
    const reopened = await owner(dataDir)
    expect((await reopened.list('ns')).map((m) => m.id)).toEqual(['before'])
  })

  it('finds nobody serving when there is no socket, or a stale one', async () => {
    const dataDir = freshDir()
    expect(await connectEmbeddedStore({ dataDir, dimensions: dims })).toBeUndefined()
    const store = await openEmbeddedStore({
      dataDir,
      model: 'srv-test',
      dimensions: dims,
      handleSignals: false,
    })
    await store.close()
    const socket = storeSocketPath(dataDir)
    mkdirSync(dirname(socket), { recursive: true })
    writeFileSync(socket, '')
    expect(await connectEmbeddedStore({ dataDir, dimensions: dims })).toBeUndefined()
  })

  it('opens without serving when the socket cannot be created, if asked to', async () => {
    const dataDir = join(freshDir(), 'x'.repeat(120))
    const errors: Error[] = []
    const store = await openEmbeddedStore({
      dataDir,
      model: 'srv-test',
      dimensions: dims,
      handleSignals: false,
      serve: { onServeError: (error) => errors.push(error) },
    })
    open.push(store)
    expect(errors[0]?.message).toMatch(/longer than the system's limit/)
    await store.upsert('ns', [write('works')])
    expect((await store.list('ns')).length).toBe(1)
  })
})
