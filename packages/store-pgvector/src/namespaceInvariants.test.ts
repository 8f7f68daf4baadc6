import type { MemoryWrite } from '@agent-memory/core'
import { axisVector } from '@agent-memory/testkit'
import { afterAll, describe, expect, it } from 'vitest'
import { CapturingExecutor } from './__fixtures__/CapturingExecutor.js'
import { createTestDatabase, requirePostgres, testPool } from './__fixtures__/postgresTestDatabase.js'
import { loadPglite } from './embedded/loadPglite.js'
import { migrateWith } from './migrate/migrate.js'
import type { Executor } from './sql/Executor.js'
import { PgliteExecutor } from './sql/PgliteExecutor.js'
import { PoolExecutor } from './sql/PoolExecutor.js'
import { PgVectorStore } from './store/PgVectorStore.js'

/**
 * The invariants that let the store's tables be distributed by `namespace` (Citus; ARCHITECTURE.md,
 * "Distribution by namespace"): every unique key holds `namespace`, and every statement the store
 * sends to its tables names one namespace — except the exempt ones below, each with its reason.
 */

/** Tables that are not distributed, and why. */
const NOT_DISTRIBUTED: Record<string, string> = {
  agent_memory_meta: 'a one-row reference table (the recorded embedder), copied to every node',
  agent_memory_migrations: 'migration bookkeeping, on the coordinator only',
}

/**
 * Unique keys that hold no `namespace` on one server, and why: `distributeOnCitus` gives each the
 * namespace before its table is distributed (`citusDistribution.test.ts` reads the result).
 */
const KEYED_BY_NAMESPACE_WHEN_DISTRIBUTED: Record<string, string> = {
  agent_memory_access_pkey:
    "the access rows' 16-byte key is a hash of the namespace and the id (migration 0013): on one server the key alone, a smaller index entry for every first access; on Citus (namespace, access_key)",
}

/**
 * Statements that touch the distributed tables without naming one namespace, matched by a
 * fragment of their text, and why each is fine on a distributed table.
 */
const EXEMPT: Array<{ match: RegExp; reason: string; only?: Executor['kind'] }> = [
  {
    match: /pg_total_relation_size|pg_attribute/,
    reason: 'catalog reads (storage size, the vector column width): metadata, not rows',
  },
  {
    match: /^UPDATE memories SET embedding = NULL, embed_state = 'pending'/,
    reason:
      'markAllPending/reembed without a namespace: queues every memory at once, a multi-shard maintenance statement',
  },
  {
    match: /^DELETE FROM memory_chunks\s*$/,
    reason:
      'markAllPending/reembed without a namespace: drops every chunk at once, a multi-shard maintenance statement',
  },
  {
    match: /^ANALYZE (memories|memory_chunks)$/,
    reason:
      'afterBulkLoad: planner statistics of the table (a maintenance command, no rows read or written; on Citus it runs on every shard)',
  },
  {
    match: /TABLESAMPLE SYSTEM \(\$2\) REPEATABLE \(0\)\s+WHERE namespace <> \$1/,
    reason:
      'calibrateEfSearch (maintenance, once per index build): probes are rows of other namespaces, which the namespace index has never seen; on Citus a multi-shard sample of 100 rows, and the probes would be looked up by (namespace, id) instead of ctid',
  },
  {
    match: /^SELECT DISTINCT namespace FROM memories ORDER BY namespace$/,
    reason:
      'namespaces() for `export --all`: lists every tenant once, a multi-shard read of an administrative command',
  },
  {
    match: /^LOCK TABLE memories IN SHARE ROW EXCLUSIVE MODE$/,
    reason:
      'eraseNamespace holds writers back while it deletes a namespace (nothing half erased); on Citus the lock is taken on every shard, so erase would lock the namespace row range instead',
  },
  {
    match: /^VACUUM (memories|memory_chunks)$/,
    reason:
      'eraseNamespace on PGlite reclaims the space of the erased rows: maintenance, no rows read or written',
    only: 'pglite',
  },
  {
    match: /^SELECT DISTINCT namespace FROM memories WHERE expires_at <= \$1/,
    reason:
      'sweepExpired without a namespace: finds which namespaces hold expired memories (a multi-shard maintenance read), then sweeps each one with namespace-qualified statements',
  },
  {
    match: /FROM agent_memory_id_owners\(/,
    reason:
      'upsert checks that a new id is not taken in another namespace (ids are unique across namespaces): the one per-write statement that spans namespaces; on Citus a multi-shard probe, or an id table distributed by id (ARCHITECTURE.md)',
  },
]

// agent_memory_id_owners (migration 0006) reads `memories` inside the database: its callers count.
// agent_memory_access (migration 0010) holds recall's reinforcement beside each memory row.
const STORE_TABLES = /\b(memories|memory_chunks|agent_memory_id_owners|agent_memory_access)\b/i

/** Whether a statement restricts (or, for INSERT/COPY, supplies) the namespace column. */
function namesNamespace(text: string): boolean {
  if (/^\s*(INSERT INTO|COPY)\s+\S+\s*\([^)]*\bnamespace\b/i.test(text)) return true
  return /\bnamespace\s*(=|IN\b|=\s*ANY)|\(\s*(\w+\.)?namespace\s*,[^)]*\)\s*(IN|=)|USING\s*\(\s*namespace/i.test(
    text,
  )
}

const dims = 8
const write = (id: string, axis: number, extra: Partial<MemoryWrite> = {}): MemoryWrite => ({
  id,
  tier: 'semantic',
  content: `invariant row ${id} about gardening`,
  fingerprint: `fp-${id}`,
  embedding: axisVector(dims, axis),
  ...extra,
})

/** Calls every method of the store once or more, as an application and the repair worker would. */
async function exercise(store: PgVectorStore): Promise<Set<string>> {
  const called = new Set<string>()
  const s = new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver)
      if (typeof value !== 'function' || typeof key !== 'string') return value
      return (...args: unknown[]) => {
        called.add(key)
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  const ns = 'tenant-a'
  await s.open()
  await s.recordedEmbedder()
  await s.recordEmbedder('invariants', dims)
  await s.upsert(ns, [
    write('m1', 0, { chunks: [{ idx: 0, text: 'a chunk about soil', embedding: axisVector(dims, 1) }] }),
    write('m2', 1),
    write('m3', 2, { embedding: null }),
  ])
  // A batch past bulkThreshold goes through COPY where the driver has it.
  await s.upsert(
    'tenant-b',
    Array.from({ length: 6 }, (_, i) => write(`b${i}`, i % dims)),
  )
  await s.get(ns, 'm1')
  await s.findByFingerprint(ns, 'semantic', 'fp-m1')
  await s.findByFingerprints(ns, [
    { tier: 'semantic', fingerprint: 'fp-m1' },
    { tier: 'semantic', fingerprint: 'fp-m2' },
  ])
  await s.storedEmbeddings(ns, ['fp-m1', 'fp-m2'], { model: 'invariants', dimensions: dims })
  await s.list(ns, { limit: 10 })
  await s.profileCandidates(ns, 10)
  await s.searchVector(ns, axisVector(dims, 0), { limit: 3 })
  await s.searchChunks(ns, axisVector(dims, 1), { limit: 3 })
  await s.searchText(ns, 'gardening soil', { limit: 3 })
  await s.searchLegs(ns, {
    vector: axisVector(dims, 0),
    query: 'gardening soil',
    vectorLimit: 3,
    chunkLimit: 3,
    keywordLimit: 3,
  })
  await s.putChunks(ns, 'm2', 'fp-m2', [{ idx: 0, text: 'another chunk', embedding: axisVector(dims, 3) }])
  await s.chunksOf(ns, 'm1')
  await s.reinforce(ns, ['m1', 'm2'])
  await s.reinforceMany([
    { namespace: ns, ids: ['m1'] },
    { namespace: 'tenant-b', ids: ['b1'] },
    { namespace: ns, ids: ['m2'], options: { slidingTtlMs: 60_000 } },
  ])
  await s.supersede(ns, 'm1', 'm2')
  await s.restore(ns, 'm1')
  await s.history(ns, 'm1')
  await s.addLink(ns, 'm2', 'm1')
  await s.removeLink(ns, 'm2', 'm1')
  await s.upsert(ns, [write('m5', 6, { expiresAt: new Date(Date.now() - 60_000) })])
  await s.addLink(ns, 'm2', 'm5')
  await s.sweepExpired(ns, new Date())
  await s.upsert(ns, [write('m6', 7, { expiresAt: new Date(Date.now() - 60_000) })])
  await s.sweepExpired(undefined, new Date())
  const claims = await s.claimPending({ limit: 5, leaseMs: 60_000, namespace: ns })
  for (const claim of claims)
    await s.completeRepair(claim.namespace, claim.id, claim.fingerprint, axisVector(dims, 4))
  await s.upsert(ns, [write('m4', 5, { embedding: null })])
  const more = await s.claimPending({ limit: 5, leaseMs: 60_000 })
  for (const claim of more) {
    await s.failRepair(claim.namespace, claim.id, { backoffMs: 1, maxAttempts: 3, error: 'test' })
  }
  await s.repairStats(ns)
  await s.repairStats()
  await s.repairQueue({ namespace: ns })
  await s.repairQueue()
  await s.releaseClaims(more)
  await s.repairIssues(ns, { ids: ['m4'] })
  await s.repairIssues()
  await s.countMemories(ns, { tags: ['x'] })
  await s.stats(ns)
  await s.stats()
  await s.maintainVectorIndexes({ namespace: ns })
  await s.maintainVectorIndexes()
  await s.settle()
  await s.storageBytes()
  await s.afterBulkLoad('tenant-b')
  await s.namespaces()
  await s.exportSnapshot(() => undefined)
  const exported = await s.exportRows('tenant-b', { limit: 3, vectors: true })
  await s.exportRows('tenant-b', { limit: 3, after: exported.at(-1)!.memory.id })
  const everything = await s.exportRows('tenant-b', { limit: 10, vectors: true })
  await s.eraseNamespace('tenant-b')
  // Past bulkThreshold: COPY straight in (no id present), then through the stage (all present).
  await s.importRows('tenant-b', everything)
  await s.importRows('tenant-b', everything)
  await s.importRows('tenant-b', exported)
  await s.delete(ns, ['m3'])
  await s.markAllPending(ns)
  await s.markAllPending()
  await s.resetForReembed()
  s.readRouting()
  s.roundTrips()
  return called
}

/** Methods that send no SQL of their own or that `exercise` cannot call before the end. */
const NOT_EXERCISED: Record<string, string> = {
  constructor: 'not a call',
  close: 'ends the executor, sends no statement to the tables',
}

function checkStatements(statements: string[]): string[] {
  return statements.filter(
    (text) =>
      STORE_TABLES.test(text) &&
      !namesNamespace(text) &&
      !EXEMPT.some((exempt) => exempt.match.test(text)) &&
      !/agent_memory_(meta|migrations)/.test(text),
  )
}

async function uniqueKeysWithoutNamespace(executor: Executor): Promise<string[]> {
  return executor.transaction(async (sql) => {
    const result = await sql.query<{ table: string; index: string; has_namespace: boolean }>(
      `SELECT t.relname AS table, i.relname AS index,
              EXISTS (SELECT FROM pg_attribute a
                       WHERE a.attrelid = t.oid AND a.attname = 'namespace' AND a.attnum = ANY (x.indkey)) AS has_namespace
         FROM pg_index x
         JOIN pg_class t ON t.oid = x.indrelid
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_namespace s ON s.oid = t.relnamespace
        WHERE (x.indisunique OR x.indisprimary) AND s.nspname = current_schema()`,
    )
    const foreign = await sql.query<{ table: string; name: string; has_namespace: boolean }>(
      `SELECT t.relname AS table, c.conname AS name,
              EXISTS (SELECT FROM pg_attribute a
                       WHERE a.attrelid = t.oid AND a.attname = 'namespace' AND a.attnum = ANY (c.conkey)) AS has_namespace
         FROM pg_constraint c
         JOIN pg_class t ON t.oid = c.conrelid
         JOIN pg_namespace s ON s.oid = t.relnamespace
        WHERE c.contype IN ('f', 'u', 'x') AND s.nspname = current_schema()`,
    )
    const tables = new Set([...result.rows, ...foreign.rows].map((row) => row.table))
    expect(tables).toContain('memories')
    expect(tables).toContain('memory_chunks')
    return [
      ...result.rows
        .filter(
          (row) =>
            !row.has_namespace &&
            NOT_DISTRIBUTED[row.table] === undefined &&
            KEYED_BY_NAMESPACE_WHEN_DISTRIBUTED[row.index] === undefined,
        )
        .map((row) => `${row.table}: unique index ${row.index}`),
      ...foreign.rows
        .filter((row) => !row.has_namespace && NOT_DISTRIBUTED[row.table] === undefined)
        .map((row) => `${row.table}: constraint ${row.name}`),
    ]
  })
}

async function checkBackend(executor: Executor): Promise<void> {
  const capture = new CapturingExecutor(executor)
  await migrateWith(capture, { dimensions: dims })
  expect(await uniqueKeysWithoutNamespace(capture)).toEqual([])
  capture.statements.length = 0
  const store = new PgVectorStore(capture, { dimensions: dims, bulkThreshold: 4, exactSearchMaxRows: 0 })
  const called = await exercise(store)
  const methods = Object.getOwnPropertyNames(PgVectorStore.prototype).filter(
    (name) =>
      NOT_EXERCISED[name] === undefined &&
      typeof Object.getOwnPropertyDescriptor(PgVectorStore.prototype, name)?.value === 'function',
  )
  // A new store method fails here until the run above exercises it (or it is exempt, with a reason).
  expect(methods.filter((name) => !called.has(name))).toEqual([])
  expect(capture.statements.filter((text) => STORE_TABLES.test(text)).length).toBeGreaterThan(20)
  expect(checkStatements(capture.statements)).toEqual([])
  // Every exemption is still needed: one that matches nothing is removed, not kept "just in case".
  const unqualified = capture.statements.filter((text) => STORE_TABLES.test(text) && !namesNamespace(text))
  expect(
    EXEMPT.filter(
      (exempt) =>
        (exempt.only === undefined || exempt.only === executor.kind) &&
        !unqualified.some((text) => exempt.match.test(text)),
    ),
  ).toEqual([])
  await store.close()
}

describe('distribution by namespace: the invariants Citus needs', () => {
  it('holds on PGlite: unique keys and statements are namespace-qualified', async () => {
    const { PGlite, vector } = await loadPglite()
    const db = new PGlite({ extensions: { vector } })
    await checkBackend(new PgliteExecutor(db, { ownsDb: true }))
  })

  it('recognizes a statement that is not namespace-qualified', () => {
    expect(checkStatements(['SELECT id FROM memories m WHERE m.id = $1'])).toHaveLength(1)
    expect(checkStatements(['UPDATE memories SET importance = 1 WHERE id = ANY($1)'])).toHaveLength(1)
    expect(checkStatements(['SELECT id FROM memories m WHERE m.namespace = $1 AND m.id = $2'])).toEqual([])
  })
})

if (requirePostgres('distribution by namespace: the invariants Citus needs, on PostgreSQL')) {
  describe('distribution by namespace: the invariants Citus needs, on PostgreSQL', () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined
    afterAll(async () => {
      await database?.drop()
    })
    it('holds on PostgreSQL (the binary COPY path included)', async () => {
      database = await createTestDatabase('invariants')
      const pool = testPool(database.url, 2)
      await checkBackend(new PoolExecutor(pool, { statementTimeoutMs: 30_000, ownsPool: true }))
    })
  })
}
