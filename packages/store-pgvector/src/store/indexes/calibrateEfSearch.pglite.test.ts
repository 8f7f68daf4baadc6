import type { MemoryWrite } from '@agent-memory/core'
import { clusteredVectors, seededRandom } from '@agent-memory/testkit'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CapturingExecutor } from '../../__fixtures__/CapturingExecutor.js'
import { createPgVectorStore, migrate } from '../../index.js'
import { PgliteExecutor } from '../../sql/PgliteExecutor.js'
import { createStoreContext } from '../context/createStoreContext.js'
import { forgetIndexFacts } from '../context/forgetIndexFacts.js'
import type { StoreContext } from '../context/StoreContext.js'
import type { PgVectorStore } from '../PgVectorStore.js'
import { planAnn } from '../search/ann-planning/planAnn.js'
import { searchPathFacts } from '../search/ann-planning/searchPathFacts.js'
import { MEMORY_VECTOR_SEARCH } from '../search/legs/MEMORY_VECTOR_SEARCH.js'
import { runVectorSearch } from '../search/legs/runVectorSearch.js'
import { calibrateEfSearch } from './calibrateEfSearch.js'
import { densifyNamespaceIndex } from './densifyNamespaceIndex.js'
import { EF_CALIBRATION } from './EF_CALIBRATION.js'
import { HNSW_BUILD } from './HNSW_BUILD.js'
import { namespaceIndexName } from './namespaceIndexName.js'

const dims = 8
const threshold = 100

describe('ef_search calibrated per namespace index (calibrateEfSearch → registry → searchPathFacts → planAnn)', {
  timeout: 120_000,
}, () => {
  let db: PGlite
  let store: PgVectorStore
  let context: StoreContext
  const registered = async () =>
    (
      await db.query<{ ef_search: number | null }>(
        "SELECT ef_search FROM agent_memory_vector_indexes WHERE table_name = 'memories' AND namespace = 'big'",
      )
    ).rows[0]?.ef_search

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { vector } })
    await migrate(db, { dimensions: dims, annIndex: false })
    store = await createPgVectorStore({
      db,
      dimensions: dims,
      exactSearchMaxRows: threshold,
      autoIndex: false,
    })
    const vectors = clusteredVectors(400, dims, seededRandom(5), 6)
    const writes: MemoryWrite[] = vectors.map((embedding, i) => ({
      id: `big-${i}`,
      tier: 'semantic',
      content: `row ${i}`,
      fingerprint: `f${i}`,
      embedding,
    }))
    await store.upsert('big', writes)
    context = createStoreContext(new PgliteExecutor(db, { ownsDb: false }), {
      dimensions: dims,
      exactSearchMaxRows: threshold,
    })
  })
  afterAll(async () => {
    await store?.close()
    await db?.close()
  })

  it('maintenance builds the index, calibrates it on its rows and registers the ef_search it chose', async () => {
    const report = await store.maintainVectorIndexes()
    expect(report.created).toHaveLength(1)
    const [created] = report.created
    expect(EF_CALIBRATION.ladder).toContain(created!.efSearch)
    // The first rung reaching the target, or the last one when none does.
    expect(
      created!.calibrationRecall! >= EF_CALIBRATION.recall ||
        created!.efSearch === EF_CALIBRATION.ladder.at(-1),
    ).toBe(true)
    expect(await registered()).toBe(created!.efSearch)
    // An 8-d graph of 400 rows is easy: its narrowest walks find what pgvector's default of 40
    // would, and the calibration keeps the walk that narrow, but no narrower than the sparse
    // graph allows.
    expect(created!.efSearch).toBeLessThan(40)
    expect(created!.efSearch).toBeGreaterThanOrEqual(HNSW_BUILD.graphs.sparse.minEfSearch)
    expect(created!.graph).toEqual({ m: 16, efConstruction: 64 })
  })

  it('climbs the ladder until the probes reach the target, and measures recall right', async () => {
    // An unreachable target walks every rung: at the widest, a 400-row graph is searched whole.
    const widest = await calibrateEfSearch(context, 'memories', 'big', 1.01)
    // The table holds this namespace alone: its own rows are the probes' ends. A midpoint lies
    // between rows, where the half-precision key the index orders by can swap two near-equal
    // distances at the tenth place: the whole graph is walked, the recall is all but 1.
    expect(widest).toMatchObject({
      efSearch: EF_CALIBRATION.ladder.at(-1),
      probes: EF_CALIBRATION.probes,
      unseen: 0,
    })
    expect(widest!.recall).toBeGreaterThanOrEqual(0.99)
    const narrowest = await calibrateEfSearch(context, 'memories', 'big', 0)
    expect(narrowest?.efSearch).toBe(EF_CALIBRATION.ladder[0])
    expect(await calibrateEfSearch(context, 'memories', 'nobody')).toBeNull()
  })

  it('probes a namespace alone off its own rows: a point drawn from a row and its two nearest, which its answers leave out', async () => {
    const capturing = new CapturingExecutor(new PgliteExecutor(db, { ownsDb: false }))
    const captured = createStoreContext(capturing, { dimensions: dims, exactSearchMaxRows: threshold })
    const calibration = await calibrateEfSearch(captured, 'memories', 'big', 1.01)
    expect(calibration).toMatchObject({ probes: EF_CALIBRATION.probes, unseen: 0 })
    // The exact scans that set each probe's truth: one per probe, each binding a row, its two
    // nearest rows, and the three as the rows to leave out.
    const truths = capturing.statements.flatMap((text, i) =>
      text.includes('OFFSET 0') ? [capturing.values[i]!] : [],
    )
    expect(truths).toHaveLength(EF_CALIBRATION.probes)
    for (const [namespace, row, a, b, excluded] of truths) {
      expect(namespace).toBe('big')
      expect(new Set([row, a, b]).size).toBe(3)
      expect(excluded).toEqual([row, a, b])
      // a and b are the row's two nearest other rows (an 8-d graph of 400 rows is walked exactly).
      const nearest = await db.query<{ row: string }>(
        `SELECT ctid::text AS row FROM memories WHERE namespace = $1 AND ctid <> $2::tid
           ORDER BY embedding <=> (SELECT embedding FROM memories WHERE ctid = $2::tid) LIMIT 2`,
        [namespace, row],
      )
      expect(nearest.rows.map((r) => r.row)).toEqual([a, b])
      // The probe is no row of the namespace: its nearest row is at a distance, and is no answer
      // the graph was built to give.
      const distance = await db.query<{ distance: number }>(
        `SELECT min(m.embedding <=> (SELECT l2_normalize(r + r + a + a - b) FROM (SELECT l2_normalize(x.embedding) AS r,
               l2_normalize(y.embedding) AS a, l2_normalize(z.embedding) AS b FROM memories x, memories y, memories z WHERE x.ctid = $2::tid AND y.ctid = $3::tid AND z.ctid = $4::tid) s)) AS distance
           FROM memories m WHERE m.namespace = $1`,
        [namespace, row, a, b],
      )
      expect(distance.rows[0]!.distance).toBeGreaterThan(1e-4)
    }
  })

  it('measures another graph of the same rows on the probes and answers it was given', async () => {
    const first = await calibrateEfSearch(context, 'memories', 'big', 1.01)
    const capturing = new CapturingExecutor(new PgliteExecutor(db, { ownsDb: false }))
    const captured = createStoreContext(capturing, { dimensions: dims, exactSearchMaxRows: threshold })
    const again = await calibrateEfSearch(captured, 'memories', 'big', 1.01, { truths: first!.truths })
    expect(again).toMatchObject({ efSearch: first!.efSearch, recall: first!.recall, probes: first!.probes })
    // No probe drawn again and no exact scan: only the ladder's walks.
    expect(
      capturing.statements.some((text) => text.includes('OFFSET 0') || text.includes('TABLESAMPLE')),
    ).toBe(false)
  })

  it('probes with vectors the graph has not seen: rows of other namespaces', async () => {
    const others = clusteredVectors(300, dims, seededRandom(9), 6)
    await store.upsert(
      'others',
      others.map((embedding, i) => ({
        id: `o-${i}`,
        tier: 'semantic',
        content: `other ${i}`,
        fingerprint: `o${i}`,
        embedding,
      })),
    )
    await db.query('ANALYZE memories')
    try {
      const widest = await calibrateEfSearch(context, 'memories', 'big', 1.01)
      expect(widest).toMatchObject({
        efSearch: EF_CALIBRATION.ladder.at(-1),
        recall: 1,
        probes: EF_CALIBRATION.probes,
        unseen: EF_CALIBRATION.probes,
      })
    } finally {
      await store.delete(
        'others',
        others.map((_, i) => `o-${i}`),
      )
    }
  })

  it('every later search of the namespace walks with the registered ef_search', async () => {
    await db.query("UPDATE agent_memory_vector_indexes SET ef_search = 77 WHERE namespace = 'big'")
    forgetIndexFacts(context, 'memories')
    const facts = await context.executor.transaction((sql) =>
      searchPathFacts(context, sql, 'memories', 'big'),
    )
    expect(facts).toMatchObject({ namespaceIndex: true, efSearch: 77 })
    expect(planAnn(context, facts, 'big', 10)).toEqual({
      index: 'namespace',
      settings: { 'hnsw.iterative_scan': 'relaxed_order', 'hnsw.ef_search': '77' },
    })
  })

  it('a search sends its knobs with its BEGIN, not as a statement of its own', async () => {
    const capturing = new CapturingExecutor(new PgliteExecutor(db, { ownsDb: false }))
    // No recall sampling: a sampled search adds an exact read of its own, 1 % of the time.
    const searching = createStoreContext(capturing, {
      dimensions: dims,
      exactSearchMaxRows: threshold,
      recallSampleRate: 0,
    })
    const [query] = clusteredVectors(1, dims, seededRandom(5), 6)
    const knobs = {
      access: 'read',
      namespace: 'big',
      settings: { 'hnsw.iterative_scan': 'relaxed_order', 'hnsw.ef_search': '77' },
    }
    // The first search reads the namespace's facts (a read of its own), then walks the index.
    expect(await runVectorSearch(searching, 'big', query!, { limit: 10 }, MEMORY_VECTOR_SEARCH)).toHaveLength(
      10,
    )
    expect(capturing.scopes).toEqual([{ access: 'read', namespace: 'big' }, knobs])
    capturing.statements.length = 0
    capturing.scopes.length = 0
    // The next plans on the cached facts: the walk alone.
    const hits = await runVectorSearch(searching, 'big', query!, { limit: 10 }, MEMORY_VECTOR_SEARCH)
    expect(hits).toHaveLength(10)
    expect(capturing.statements.some((text) => text.includes('set_config'))).toBe(false)
    expect(capturing.statements).toHaveLength(1)
    expect(capturing.statements[0]).toContain('halfvec')
    expect(capturing.scopes).toEqual([knobs])
  })

  it('an index that is not valid lends its registered ef_search to nobody', async () => {
    const index = "(SELECT index_name FROM agent_memory_vector_indexes WHERE namespace = 'big')"
    await db.query(`UPDATE pg_index SET indisvalid = false WHERE indexrelid = to_regclass(${index})`)
    forgetIndexFacts(context, 'memories')
    try {
      const facts = await context.executor.transaction((sql) =>
        searchPathFacts(context, sql, 'memories', 'big'),
      )
      expect(facts).toMatchObject({ namespaceIndex: false, efSearch: null })
    } finally {
      await db.query(`UPDATE pg_index SET indisvalid = true WHERE indexrelid = to_regclass(${index})`)
      forgetIndexFacts(context, 'memories')
    }
  })

  it('an index registered before calibration existed is calibrated by the next maintenance', async () => {
    await db.query("UPDATE agent_memory_vector_indexes SET ef_search = NULL WHERE namespace = 'big'")
    const report = await store.maintainVectorIndexes()
    expect(report.created).toEqual([])
    expect(report.kept).toBe(1)
    expect(report.calibrated).toHaveLength(1)
    expect(report.calibrated[0]).toMatchObject({ table: 'memories', namespace: 'big', rows: 400 })
    expect(await registered()).toBe(report.calibrated[0]!.efSearch)
    // Calibrated once: the next maintenance leaves it be.
    expect((await store.maintainVectorIndexes()).calibrated).toEqual([])
  })

  it('a sparse graph whose calibration walks wider than the dense threshold is replaced by the dense graph, measured on the same probes', async () => {
    const sparseIndex = namespaceIndexName('memories', 'big')
    const reloptions = async (index: string) =>
      (
        await db.query<{ options: string[] | null }>(
          'SELECT reloptions AS options FROM pg_class WHERE relname = $1',
          [index],
        )
      ).rows[0]?.options
    expect([...(await reloptions(sparseIndex))!].sort()).toEqual(['ef_construction=64', 'm=16'])
    const sparse = (await calibrateEfSearch(context, 'memories', 'big'))!
    // Easy data keeps the sparse graph: nothing is built.
    expect(sparse.efSearch).toBeLessThanOrEqual(HNSW_BUILD.denseAboveEfSearch)
    expect(await densifyNamespaceIndex(context, 'memories', 'big', 400, sparseIndex, sparse)).toEqual({
      index: sparseIndex,
      calibration: sparse,
      graph: 'sparse',
    })
    // As the sparse graph of hard data would have measured it.
    const capturing = new CapturingExecutor(new PgliteExecutor(db, { ownsDb: false }))
    const captured = createStoreContext(capturing, { dimensions: dims, exactSearchMaxRows: threshold })
    const hard = { ...sparse, efSearch: EF_CALIBRATION.ladder.at(-1)! }
    const densified = await densifyNamespaceIndex(captured, 'memories', 'big', 400, sparseIndex, hard)
    const denseIndex = namespaceIndexName('memories', 'big', 'dense')
    expect(densified).toMatchObject({ index: denseIndex, graph: 'dense' })
    expect([...(await reloptions(denseIndex))!].sort()).toEqual(['ef_construction=200', 'm=24'])
    expect(await reloptions(sparseIndex)).toBeUndefined()
    const registry = await db.query<{ index_name: string; ef_search: number }>(
      "SELECT index_name, ef_search FROM agent_memory_vector_indexes WHERE table_name = 'memories' AND namespace = 'big'",
    )
    expect(registry.rows).toEqual([{ index_name: denseIndex, ef_search: densified.calibration!.efSearch }])
    expect(densified.calibration!.probes).toBe(sparse.probes)
    // Calibrated on the sparse graph's probes and answers: none drawn or scanned again.
    expect(
      capturing.statements.some((text) => text.includes('OFFSET 0') || text.includes('TABLESAMPLE')),
    ).toBe(false)
    // A search of the namespace walks the dense graph.
    forgetIndexFacts(context, 'memories')
    const facts = await context.executor.transaction((sql) =>
      searchPathFacts(context, sql, 'memories', 'big'),
    )
    expect(facts).toMatchObject({ namespaceIndex: true, efSearch: densified.calibration!.efSearch })
    // Erasing the namespace drops the dense graph too.
    expect(await store.eraseNamespace('big')).toMatchObject({ memories: 400, indexes: 1 })
    expect(await reloptions(denseIndex)).toBeUndefined()
  })
})
