import type { PgVectorStore } from '@agent-memory/store-pgvector'
import { toMemoryWrites } from '../ours/toMemoryWrites.js'
import type { BenchContext } from '../workloads/BenchContext.js'
import type { AnswerExpectation } from './AnswerExpectation.js'
import type { ClusterDatabase } from './ClusterDatabase.js'
import { judgeAnswer } from './judgeAnswer.js'
import type { LoadLedger } from './LoadLedger.js'
import type { LoadTally } from './LoadTally.js'
import type { NodeAddress } from './NodeAddress.js'
import { readBack } from './readBack.js'
import { runUnderLoad } from './runUnderLoad.js'
import type { ConcurrentLoadOptions } from './startConcurrentLoad.js'
import { startSpareNode } from './startSpareNode.js'
import { withClient } from './withClient.js'

/**
 * How shards move: Citus's default, by logical replication (every table the store distributes has a
 * replica identity for it), so writes to a moving shard group go on while it is copied and wait
 * only for the short switch-over at its end.
 */
export const SHARD_TRANSFER_MODE = 'auto'

/** One change of the cluster made under load, and what the load saw. */
export interface RebalancePhase {
  label: string
  /** Seconds the change took (the load ran from a second before it until a second after). */
  seconds: number
  /** Shard placements on the added node once the change was done. */
  placementsOnNode: number
  /** Rows of the users loaded before the load began that were missing once the change was done. */
  loadedRowsMissing: number
  tally: LoadTally
}

export interface RebalanceLoad {
  store: PgVectorStore
  /** Searches cycle through these, judged against them. */
  expectations: readonly AnswerExpectation[]
  queryVector(q: number): Float32Array
  searchers: number
  writers: number
  /** Users the writers spread their memories over (`w15-writer-NN`). */
  writerNamespaces: number
  /** Rows in the store before the load began (the writers' users apart). */
  loadedRows: number
}

/**
 * Adds a node to the cluster's database and rebalances onto it (`citus_rebalance_start`, then
 * `citus_rebalance_wait`), then drains it (`citus_drain_node`) and removes it, each under a load of
 * searches and writes through `load.store`; after each change every write acknowledged so far is
 * read back. The cluster's database ends with the workers it started with.
 */
export async function rebalanceUnderLoad(
  ctx: Pick<BenchContext, 'repoRoot' | 'log' | 'k' | 'text' | 'data'>,
  cluster: ClusterDatabase,
  load: RebalanceLoad,
): Promise<RebalancePhase[]> {
  const spare = await startSpareNode(ctx.repoRoot)
  await cluster.prepareNode(spare)
  const ledgers: LoadLedger[] = []
  const sql = (text: string, values: unknown[] = []) =>
    withClient(cluster.url, (client) => client.query(text, values))
  const placementsOn = async (node: NodeAddress) => {
    const { rows } = await sql(
      `SELECT count(*)::int AS n FROM pg_dist_placement p JOIN pg_dist_node d USING (groupid)
        WHERE d.nodename = $1 AND d.nodeport = $2`,
      [node.host, node.port],
    )
    return (rows[0] as { n: number }).n
  }
  let registered = false
  const phases: RebalancePhase[] = []
  const phase = async (label: string, writeOffset: number, change: () => Promise<void>) => {
    ctx.log(`W15 ${label} under load…`)
    const { seconds, ledger } = await runUnderLoad(concurrentLoad(ctx, load, writeOffset), change)
    ledgers.push(ledger)
    const everyWrite = ledgers.flatMap((l) => l.writes())
    const readable = await readBack(load.store, everyWrite)
    const { rows } = await sql(
      "SELECT count(*)::int AS n FROM memories WHERE namespace NOT LIKE 'w15-writer-%'",
    )
    phases.push({
      label,
      seconds,
      placementsOnNode: await placementsOn(spare),
      loadedRowsMissing: load.loadedRows - (rows[0] as { n: number }).n,
      tally: ledger.tally(readable),
    })
    // A write of an earlier phase that a later change lost counts against the later change.
    for (const earlier of ledgers.slice(0, -1)) {
      const lostNow = earlier.tally(readable).lost
      if (lostNow > 0) phases.at(-1)!.tally.lost += lostNow
    }
  }
  try {
    await phase(`add ${spare.host}:${spare.port}, citus_rebalance_start + wait`, 0, async () => {
      await sql('SELECT citus_add_node($1, $2)', [spare.host, spare.port])
      registered = true
      const { rows } = await sql('SELECT citus_rebalance_start(shard_transfer_mode => $1) AS job', [
        SHARD_TRANSFER_MODE,
      ])
      const job = (rows[0] as { job: string | null }).job
      await sql('SELECT citus_rebalance_wait()')
      if (job !== null) {
        const state = await sql('SELECT state FROM pg_dist_background_job WHERE job_id = $1', [job])
        const finished = (state.rows[0] as { state: string } | undefined)?.state
        if (finished !== 'finished')
          throw new Error(`the rebalance job ${job} ended ${finished ?? 'missing'}`)
      }
    })
    await phase(`citus_drain_node + citus_remove_node ${spare.host}:${spare.port}`, 1_000_000, async () => {
      await sql('SELECT citus_drain_node($1, $2, shard_transfer_mode => $3)', [
        spare.host,
        spare.port,
        SHARD_TRANSFER_MODE,
      ])
      await sql('SELECT citus_remove_node($1, $2)', [spare.host, spare.port])
      registered = false
    })
  } finally {
    if (registered)
      await sql('SELECT citus_drain_node($1, $2, shard_transfer_mode => $3)', [
        spare.host,
        spare.port,
        SHARD_TRANSFER_MODE,
      ])
        .then(() => sql('SELECT citus_remove_node($1, $2)', [spare.host, spare.port]))
        .catch((error: unknown) =>
          ctx.log(`W15 could not take ${spare.host}:${spare.port} out again: ${String(error)}`),
        )
  }
  return phases
}

function concurrentLoad(
  ctx: Pick<BenchContext, 'k' | 'text' | 'data'>,
  load: RebalanceLoad,
  writeOffset: number,
): ConcurrentLoadOptions {
  const queries = load.expectations.length
  return {
    searchers: load.searchers,
    writers: load.writers,
    search: async (i) => {
      const q = i % queries
      const expected = load.expectations[q]!
      const hits = await load.store.searchVector(expected.namespace, load.queryVector(q), { limit: ctx.k })
      return judgeAnswer(
        hits.map((hit) => Number(hit.memory.id.slice(1))),
        expected,
        ctx.k,
      )
    },
    write: (i) => {
      const seq = writeOffset + i
      const namespace = `w15-writer-${String(seq % load.writerNamespaces).padStart(2, '0')}`
      const row = seq % ctx.data.count
      const [write] = toMemoryWrites([
        { id: seq, namespace, content: ctx.text(row), embedding: ctx.data.row(row) },
      ])
      const id = `w${seq}`
      return {
        namespace,
        id,
        run: async () => {
          const [outcome] = await load.store.upsert(namespace, [{ ...write!, id }])
          if (outcome?.status !== 'inserted')
            throw new Error(`upsert answered ${outcome?.status ?? 'nothing'}`)
        },
      }
    },
  }
}
