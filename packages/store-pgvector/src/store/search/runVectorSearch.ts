import type { ScoredMemory, SearchOptions } from '@agent-memory/core'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import type { AnnIndex } from './AnnIndex.js'
import { annOrder } from './annOrder.js'
import { freshSearchFacts } from './freshSearchFacts.js'
import { planAnn } from './planAnn.js'
import { sampleRecall } from './sampleRecall.js'
import { type SearchScope, searchScope } from './searchScope.js'
import { useAnn } from './useAnn.js'

type Rows = Record<string, unknown>[]

/** What distinguishes one vector search path (memory vectors, chunk vectors) from the other. */
export interface VectorSearchPath {
  table: 'memories' | 'memory_chunks'
  /** The searched table's alias in `statement` (the memory row is always `m`). */
  alias: 'm' | 'c'
  /** Conditions beyond namespace and filter. */
  also?: string[]
  /** How many rows HNSW is tuned for (`useAnn`), given the caller's limit. */
  annLimit: (limit: number) => number
  /**
   * The statement, given the scope, the bound limit and, when HNSW serves it, the ORDER BY that
   * walks the index (`annOrder`; null: exact). It may bind more parameters.
   */
  statement: (scope: SearchScope, limitParam: string, annOrderBy: string | null) => string
  toHit: (row: Record<string, unknown>) => ScoredMemory
}

/**
 * The part the vector search paths share: build the scope, decide ANN or exact, run the path's
 * statement with the HNSW knobs set for its transaction only, and map its rows. On cached facts
 * (`planAnn` before any statement) the statement is a pipelined read (`readStatement`: one round
 * trip); otherwise the facts are read (`useAnn`) in the transaction the statement then runs in.
 *
 * Completeness is a guarantee, not a hope: an ANN answer shorter than the limit (a filter
 * rejected what the graph walk found, or the walk gave up) is answered again exactly. A sampled share of full ANN answers is re-run exactly in the background
 * (`sampleRecall`) to measure their recall on this store's own data.
 */
export async function runVectorSearch(
  context: StoreContext,
  namespace: string,
  vector: Float32Array,
  options: SearchOptions,
  path: VectorSearchPath,
): Promise<ScoredMemory[]> {
  const scope = searchScope(context, namespace, options, {
    vector,
    alias: path.alias,
    ...(path.also === undefined ? {} : { also: path.also }),
  })
  const limitParam = scope.params.add(scope.limit, 'int')
  const annLimit = path.annLimit(scope.limit)
  const values = scope.params.values
  /** The walk of `index` when its answer is full, else the exact answer; `run` runs one statement. */
  const complete = async (index: AnnIndex | null, run: (text: string, ann: boolean) => Promise<Rows>) => {
    if (index !== null) {
      const orderBy = annOrder(`${path.alias}.embedding`, scope.vector, index, context.dimensions)
      const rows = await run(path.statement(scope, limitParam, orderBy), true)
      if (rows.length >= scope.limit) return { rows, ann: true }
    }
    return { rows: await run(path.statement(scope, limitParam, null), false), ann: false }
  }
  // With the namespace's facts cached (the common case) the plan is known before any statement
  // runs: each runs alone in a read-only transaction carrying its knobs, in one round trip.
  const known = freshSearchFacts(context, path.table, scope.ns)
  const plan = known === undefined ? undefined : planAnn(context, known, scope.ns, annLimit)
  const answer =
    plan === undefined
      ? await routed(context, 'read', scope.ns).transaction(async (sql) =>
          complete(await useAnn(context, sql, path.table, scope.ns, annLimit), async (text) => {
            return (await sql.query<Record<string, unknown>>(text, values)).rows
          }),
        )
      : await complete(plan?.index ?? null, (text, ann) =>
          routed(context, 'read', scope.ns, ann ? plan?.settings : undefined).readStatement(text, values),
        )
  const hits = answer.rows.map(path.toHit)
  if (answer.ann && context.recallSampleRate > 0 && Math.random() < context.recallSampleRate) {
    sampleRecall(context, path, scope, limitParam, hits)
  }
  return hits
}
