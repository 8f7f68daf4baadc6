import { checkNamespace } from '../context/checkNamespace.js'
import { forgetIndexFacts } from '../context/forgetIndexFacts.js'
import type { StoreContext } from '../context/StoreContext.js'
import { analyzeIfStale } from './analyzeIfStale.js'
import { buildNamespaceIndex } from './buildNamespaceIndex.js'
import type { EfCalibration } from './calibrateEfSearch.js'
import { calibrateNamespaceIndex } from './calibrateNamespaceIndex.js'
import { densifyNamespaceIndex } from './densifyNamespaceIndex.js'
import { dropNamespaceIndex } from './dropNamespaceIndex.js'
import { HALFVEC_HNSW_MAX_DIMENSIONS } from './HALFVEC_HNSW_MAX_DIMENSIONS.js'
import { HNSW_BUILD } from './HNSW_BUILD.js'
import { INDEX_DROP_SHARE } from './INDEX_DROP_SHARE.js'
import { namespaceIndexPattern } from './namespaceIndexPattern.js'
import { relationsOf } from './relationsOf.js'
import { VECTOR_TABLES } from './VECTOR_TABLES.js'
import type { VectorIndexReport } from './VectorIndexReport.js'

/**
 * Brings the per-namespace HNSW indexes in line with the namespaces' sizes: one for every
 * namespace (of each vector table) above `exactSearchMaxRows` rows, none for one that shrank
 * below half of it; orphans of interrupted builds (an index of ours nobody registered) go too, and
 * an index built on the vector column itself (before `halfvecKey`) is built again on the key. A
 * new index is built sparse, calibrated, and built again dense where the data is hard for the sparse
 * graph (`densifyNamespaceIndex`).
 * On PostgreSQL builds and drops are `CONCURRENTLY`: writes go on meanwhile, and a build or a
 * calibration is preceded by an ANALYZE of tables autovacuum left unanalyzed (`analyzeIfStale`).
 */
export async function maintainVectorIndexes(
  context: StoreContext,
  options: { namespace?: string } = {},
): Promise<VectorIndexReport> {
  const only = options.namespace === undefined ? null : checkNamespace(options.namespace)
  const report: VectorIndexReport = { created: [], dropped: [], kept: 0, calibrated: [] }
  const build = context.exactSearchMaxRows
  const dropBelow = Math.floor(build * INDEX_DROP_SHARE)
  // Above pgvector's HNSW limit every search is exact: there is nothing to build.
  if (context.dimensions > HALFVEC_HNSW_MAX_DIMENSIONS) return report
  for (const table of VECTOR_TABLES) {
    const plan = await context.executor.transaction(async (sql) => {
      const sizes = await sql.query<{ namespace: string; rows: number }>(
        `SELECT namespace, count(*)::int AS rows FROM ${table}
           WHERE ($1::text IS NULL OR namespace = $1) GROUP BY namespace HAVING count(*) > $2`,
        [only, build],
      )
      const registered = await sql.query<{
        namespace: string
        index_name: string
        valid: boolean
        keyed: boolean
        rows: number
        calibrated: boolean
      }>(
        // to_jsonb: a registry not yet migrated to 0004 has no ef_search column to name.
        `SELECT r.namespace, r.index_name, (to_jsonb(r) ->> 'ef_search') IS NOT NULL AS calibrated,
             coalesce((SELECT indisvalid FROM pg_index WHERE indexrelid = to_regclass(r.index_name)), false) AS valid,
             -- An index on the vector column itself (built before halfvecKey) is not what searches order by.
             coalesce((SELECT indexprs IS NOT NULL FROM pg_index WHERE indexrelid = to_regclass(r.index_name)), false) AS keyed,
             ${
               // On Citus the registry is the coordinator's and the rows are on the shards, which one
               // statement cannot join: they are counted below.
               context.distributed
                 ? 'NULL::int'
                 : `(SELECT count(*)::int FROM (SELECT 1 FROM ${table} t WHERE t.namespace = r.namespace LIMIT $3) s)`
             } AS rows
           FROM agent_memory_vector_indexes r
           WHERE r.table_name = $1 AND ($2::text IS NULL OR r.namespace = $2)`,
        context.distributed ? [table, only] : [table, only, build + 1],
      )
      const orphans = await sql.query<{ index_name: string }>(
        `SELECT c.relname AS index_name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
           WHERE i.indrelid IN (SELECT relid FROM ${relationsOf('$1')} r) AND c.relname ~ $2
             AND NOT EXISTS (SELECT 1 FROM agent_memory_vector_indexes r WHERE r.index_name = c.relname)`,
        [table, namespaceIndexPattern(table)],
      )
      if (context.distributed && registered.rows.length > 0) {
        const counted = await sql.query<{ namespace: string; rows: number }>(
          `SELECT namespace, count(*)::int AS rows FROM ${table} WHERE namespace = ANY($1::text[]) GROUP BY namespace`,
          [registered.rows.map((row) => row.namespace)],
        )
        const rowsOf = new Map(counted.rows.map((row) => [row.namespace, Number(row.rows)]))
        for (const row of registered.rows) row.rows = rowsOf.get(row.namespace) ?? 0
      }
      return { sizes: sizes.rows, registered: registered.rows, orphans: only === null ? orphans.rows : [] }
    })
    const indexed = new Map(plan.registered.map((row) => [row.namespace, row]))
    for (const orphan of plan.orphans) await dropNamespaceIndex(context, table, undefined, orphan.index_name)
    for (const row of plan.registered) {
      const rows = Number(row.rows)
      if (rows >= dropBelow) {
        // Between the two thresholds an index stays; above them `sizes` holds the namespace.
        if (row.valid && rows <= build) report.kept++
        continue
      }
      await dropNamespaceIndex(context, table, row.namespace, row.index_name)
      forgetIndexFacts(context, table)
      report.dropped.push({ table, namespace: row.namespace, rows, index: row.index_name })
    }
    for (const size of plan.sizes) {
      const rows = Number(size.rows)
      const registered = indexed.get(size.namespace)
      if (registered?.valid === true && !registered.keyed) {
        await dropNamespaceIndex(context, table, size.namespace, registered.index_name)
        forgetIndexFacts(context, table)
        report.dropped.push({ table, namespace: size.namespace, rows, index: registered.index_name })
      } else if (registered?.valid === true) {
        report.kept++
        if (registered.calibrated) continue
        await analyzeIfStale(context)
        const calibration = await calibrateNamespaceIndex(context, table, size.namespace)
        if (calibration !== null)
          report.calibrated.push({
            table,
            namespace: size.namespace,
            rows,
            index: registered.index_name,
            ...found(calibration),
          })
        continue
      }
      // The planner walks the new index only once it knows how large the namespace is; first,
      // so searches plan on the statistics while the build runs.
      await analyzeIfStale(context)
      const sparseIndex = await buildNamespaceIndex(context, table, size.namespace, rows, 'sparse')
      if (sparseIndex === null) continue
      forgetIndexFacts(context, table)
      const sparse = await calibrateNamespaceIndex(context, table, size.namespace)
      // Where the data is hard for the sparse graph, the dense one takes its place.
      const { index, calibration, graph } = await densifyNamespaceIndex(
        context,
        table,
        size.namespace,
        rows,
        sparseIndex,
        sparse,
      )
      report.created.push({
        table,
        namespace: size.namespace,
        rows,
        index,
        graph: { m: HNSW_BUILD.graphs[graph].m, efConstruction: HNSW_BUILD.graphs[graph].efConstruction },
        ...(calibration === null ? {} : found(calibration)),
      })
    }
  }
  return report
}

function found(calibration: EfCalibration): { efSearch: number; calibrationRecall: number } {
  return { efSearch: calibration.efSearch, calibrationRecall: calibration.recall }
}
