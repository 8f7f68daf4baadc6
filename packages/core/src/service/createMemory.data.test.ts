import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { InMemoryStore } from '@agent-memory/testkit'
import { describe, expect, it } from 'vitest'
import { EXPORT_FORMAT_VERSION } from '../data/EXPORT_FORMAT_VERSION.js'
import { ExportRecordSchema } from '../data/ExportRecordSchema.js'
import { ValidationError } from '../errors/ValidationError.js'
import { ledgerNamespace } from '../text/ledgerNamespace.js'
import { createMemory } from './createMemory.js'

const DIMS = 64
// One clock for every service: confidence decays at read time, so two reads of one memory a
// millisecond apart would differ and "imported verbatim" could not be compared exactly.
const NOW = new Date()

function service(model = 'hashing') {
  const embedder = { ...createHashingEmbedder({ dimensions: DIMS }), model }
  const store = new InMemoryStore({ dimensions: DIMS, model })
  return { memory: createMemory({ store, embedder, options: { now: () => NOW } }), store }
}

async function collect<T>(records: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const record of records) out.push(record)
  return out
}

async function seeded() {
  const { memory, store } = service()
  const long = `${'Notes about the garden and its tomatoes. '.repeat(15)}End.`
  const [a, b] = await memory.rememberMany('ada', [
    { content: 'lives in Paris', tags: ['home'] },
    { content: long, metadata: { source: 'chat' } },
  ])
  await memory.supersede('ada', a!.id, { content: 'lives in Lyon', tags: ['home'] })
  await memory.remember('bob', { content: 'plays chess' })
  return { memory, store, ids: [a!.id, b!.id] }
}

describe('export, import and erase through the memory service', () => {
  it('exports a header then every memory as schema-valid JSON records, with vectors on request', async () => {
    const { memory } = await seeded()
    const records = await collect(memory.exportNamespace('ada', { vectors: true }))
    for (const record of records) {
      expect(ExportRecordSchema.parse(JSON.parse(JSON.stringify(record)))).toEqual(record)
    }
    expect(records[0]).toMatchObject({
      type: 'header',
      version: EXPORT_FORMAT_VERSION,
      embedder: { model: 'hashing', dimensions: DIMS },
      vectors: true,
    })
    const memories = records.filter((record) => record.type === 'memory')
    expect(memories).toHaveLength(3)
    expect(memories.some((record) => record.memory.supersededBy !== null)).toBe(true)
    expect(memories.every((record) => typeof record.embedding === 'string')).toBe(true)
    expect(
      memories.some((record) => record.chunks.length > 1 && record.chunks.every((c) => c.embedding)),
    ).toBe(true)
    const plain = await collect(memory.exportNamespace(['ada', 'bob']))
    expect(plain.filter((record) => record.type === 'memory')).toHaveLength(4)
    expect(plain.some((record) => record.type === 'memory' && 'embedding' in record)).toBe(false)
  })

  it('imports into another store verbatim, reusing vectors of the same embedder, and a second time changes nothing', async () => {
    const { memory } = await seeded()
    const records = await collect(memory.exportNamespace(['ada', 'bob'], { vectors: true }))
    const target = service()
    const first = await target.memory.importRecords(records)
    expect(first).toMatchObject({ inserted: 4, updated: 0, unchanged: 0, skipped: [], pendingEmbed: 0 })
    expect(first.namespaces).toEqual(['ada', 'bob'])
    for (const record of records) {
      if (record.type !== 'memory') continue
      const got = await target.memory.get(record.memory.namespace, record.memory.id)
      expect(got).toEqual(await memory.get(record.memory.namespace, record.memory.id))
    }
    const second = await target.memory.importRecords(records)
    expect(second).toMatchObject({ inserted: 0, unchanged: 4, skipped: [] })
    const hits = (await target.memory.recall('ada', 'tomatoes garden')).hits.map((hit) => hit.memory.id)
    expect(hits).toEqual((await memory.recall('ada', 'tomatoes garden')).hits.map((hit) => hit.memory.id))
  })

  it('import keeps a judged importance judged and an explicit one explicit: the invariant survives the move', async () => {
    const { memory } = service()
    const [judged, explicit] = await memory.rememberMany('ada', [
      { content: 'has two daughters', assessedImportance: 0.7 },
      // An explicit importance clears the judgement on the way in, so the export carries none.
      { content: 'is allergic to peanuts', importance: 0.9, assessedImportance: 0.2 },
    ])
    const records = await collect(memory.exportNamespace('ada'))
    const target = service()
    expect(await target.memory.importRecords(records)).toMatchObject({ inserted: 2, skipped: [] })
    const moved = await target.memory.get('ada', judged!.id)
    expect([moved?.importance, moved?.assessedImportance]).toEqual([0.5, 0.7])
    const kept = await target.memory.get('ada', explicit!.id)
    expect([kept?.importance, kept?.assessedImportance]).toEqual([0.9, null])
    // After the move the write paths keep the rule: an explicit importance clears the judgement.
    await target.memory.update('ada', judged!.id, { importance: 0.4 })
    const updated = await target.memory.get('ada', judged!.id)
    expect([updated?.importance, updated?.assessedImportance]).toEqual([0.4, null])
  })

  it("stores another embedder's file pending, says so, and repair embeds it", async () => {
    const { memory } = await seeded()
    const records = await collect(memory.exportNamespace('ada', { vectors: true }))
    const other = service('another-model')
    const summary = await other.memory.importRecords(records)
    expect(summary.inserted).toBe(3)
    expect(summary.pendingEmbed).toBe(3)
    expect(summary.pendingReason).toMatch(/hashing \(64 dimensions\).*another-model \(64 dimensions\)/)
    expect(
      (await other.memory.list('ada', { filter: { includeSuperseded: true } })).map((m) => m.embedState),
    ).toEqual(['pending', 'pending', 'pending'])
    expect((await other.memory.repair()).repaired).toBe(3)
  })

  it('maps a file to another namespace', async () => {
    const { memory } = await seeded()
    const records = await collect(memory.exportNamespace('bob'))
    const target = service()
    const summary = await target.memory.importRecords(records, { namespace: 'carol' })
    expect(summary.namespaces).toEqual(['carol'])
    expect((await target.memory.list('carol')).map((m) => m.content)).toEqual(['plays chess'])
  })

  it('skips bad records by position and imports the rest; refuses a newer format or a stream with no header', async () => {
    const { memory } = await seeded()
    const records: unknown[] = await collect(memory.exportNamespace('ada'))
    const memories = records.slice(1) as Array<{ memory: { id: string } }>
    const stream = [
      records[0],
      memories[0],
      { type: 'memory', version: EXPORT_FORMAT_VERSION + 1, memory: {} },
      { type: 'memory', version: 1, memory: { id: 'x' } },
      'not an object',
      memories[0],
      memories[1],
      memories[2],
    ]
    const target = service()
    const summary = await target.memory.importRecords(stream)
    expect(summary.inserted).toBe(3)
    expect(summary.skipped.map((skip) => skip.record)).toEqual([3, 4, 5, 6])
    expect(summary.skipped[0]!.reason).toMatch(/newer/)
    expect(summary.skipped[3]!.reason).toMatch(/appears again \(first at record 2\)/)
    await expect(
      target.memory.importRecords([
        { ...(records[0] as object), version: EXPORT_FORMAT_VERSION + 1 },
        memories[0],
      ]),
    ).rejects.toThrow(ValidationError)
    await expect(target.memory.importRecords([memories[0]])).rejects.toThrow(/before any export header/)
  })

  it('refuses an id another namespace owns and imports the rest', async () => {
    const { memory } = await seeded()
    const records = await collect(memory.exportNamespace('ada'))
    const summary = await memory.importRecords(records, { namespace: 'mallory' })
    expect(summary.inserted).toBe(0)
    expect(summary.skipped).toHaveLength(3)
    expect(summary.skipped[0]!.reason).toMatch(/belongs to another namespace/)
  })

  it('erases a namespace with its observe ledger and leaves the others', async () => {
    const { memory } = await seeded()
    await memory.remember(ledgerNamespace('ada'), { content: 'observed message 1', tier: 'procedural' })
    const erased = await memory.eraseNamespace('ada')
    expect(erased).toMatchObject({ namespace: 'ada', memories: 3, observeLedger: 1 })
    expect(await memory.list('ada', { filter: { includeSuperseded: true } })).toEqual([])
    expect(await memory.list(ledgerNamespace('ada'))).toEqual([])
    expect((await memory.list('bob')).map((m) => m.content)).toEqual(['plays chess'])
  })
})
