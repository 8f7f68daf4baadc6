import type { SqlRunner } from '../../sql/SqlRunner.js'
import type { StoreContext } from '../context/StoreContext.js'
import { HNSW_BUILD, type HnswGraph } from './HNSW_BUILD.js'
import { halfvecKey } from './halfvecKey.js'
import { namespaceIndexName } from './namespaceIndexName.js'
import type { VectorTable } from './VectorTable.js'

/**
 * Builds `namespace`'s partial HNSW index on `table` as `graph` (`HNSW_BUILD`) and registers it
 * once it is valid, in place of any index registered for the namespace before. On
 * PostgreSQL the build is `CONCURRENTLY` (writes to the table go on meanwhile) and a
 * per-index advisory lock keeps two processes from building the same one (the loser returns
 * null); an invalid leftover of an interrupted build is dropped first. Returns the index's
 * name once it is built and registered.
 */
export async function buildNamespaceIndex(
  context: StoreContext,
  table: VectorTable,
  namespace: string,
  rows: number,
  graph: HnswGraph,
): Promise<string | null> {
  const index = namespaceIndexName(table, namespace, graph)
  const postgres = context.executor.kind === 'postgres'
  const concurrently = postgres ? 'CONCURRENTLY ' : ''
  return context.executor.session(async (sql) => {
    if (context.upkeep.closing) return null
    if (postgres) {
      const pid = await sql.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
      const backend = Number(pid.rows[0]?.pid)
      context.upkeep.backends.add(backend)
      try {
        const locked = await sql.query<{ locked: boolean }>(
          "SELECT pg_try_advisory_lock(hashtextextended('agent-memory index ' || $1, 0)) AS locked",
          [index],
        )
        if (locked.rows[0]?.locked !== true) return null
        try {
          if (context.upkeep.closing) return null
          return await build(sql, context, table, namespace, index, rows, concurrently, graph)
        } finally {
          await sql
            .query("SELECT pg_advisory_unlock(hashtextextended('agent-memory index ' || $1, 0))", [index])
            .catch(() => undefined)
        }
      } finally {
        context.upkeep.backends.delete(backend)
      }
    }
    return build(sql, context, table, namespace, index, rows, concurrently, graph)
  })
}

async function build(
  sql: SqlRunner,
  context: StoreContext,
  table: VectorTable,
  namespace: string,
  index: string,
  rows: number,
  concurrently: string,
  graph: HnswGraph,
): Promise<string | null> {
  const { dimensions } = context
  const { m, efConstruction } = HNSW_BUILD.graphs[graph]
  const existing = await sql.query<{ valid: boolean | null }>(
    'SELECT (SELECT indisvalid FROM pg_index WHERE indexrelid = to_regclass($1)) AS valid',
    [index],
  )
  const valid = existing.rows[0]?.valid
  if (valid === false) await sql.query(`DROP INDEX ${concurrently}IF EXISTS ${index}`)
  if (valid !== true) {
    // The index goes on the table that holds the namespace's rows: the table itself, or, split by
    // namespace (`migrate({ partitions })`), its partition, which a search of the namespace is
    // pruned to. A namespace emptied since it was counted has nothing to index. On Citus a row's
    // tableoid is its shard's, unknown to the coordinator: the index goes on the distributed table,
    // which creates it on every shard (filled only on the namespace's own).
    const home = await sql.query<{ home: string | null }>(
      context.distributed
        ? `SELECT CASE WHEN EXISTS (SELECT 1 FROM ${table} WHERE namespace = $1) THEN '${table}' END AS home`
        : `SELECT (SELECT relname FROM pg_class WHERE oid = (SELECT tableoid FROM ${table} WHERE namespace = $1 LIMIT 1)) AS home`,
      [namespace],
    )
    const partition = home.rows[0]?.home
    if (partition == null) return null
    // DDL takes no bind parameters: the namespace reaches the predicate quoted by format(%L).
    const ddl = await sql.query<{ ddl: string }>(
      `SELECT format('CREATE INDEX ${concurrently}IF NOT EXISTS %I ON %I USING hnsw (${halfvecKey('embedding', dimensions)} halfvec_cosine_ops) WITH (m = ${m}, ef_construction = ${efConstruction}) WHERE namespace = %L', $1::text, $2::text, $3::text) AS ddl`,
      [index, partition, namespace],
    )
    await sql.query(ddl.rows[0]!.ddl)
  }
  await sql.query(
    `INSERT INTO agent_memory_vector_indexes (table_name, namespace, index_name, rows_at_build)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (table_name, namespace) DO UPDATE
         SET index_name = excluded.index_name, rows_at_build = excluded.rows_at_build, built_at = now()`,
    [table, namespace, index, rows],
  )
  return index
}
