import { createMemory, type MemoryInput } from '@agent-memory/core'
import { createOpenRouterEmbedder } from '@agent-memory/embedder-openrouter'
import { createPgVectorStore } from '@agent-memory/store-pgvector'
import { startFakeEmbeddingsServer } from '@agent-memory/testkit'
import pg from 'pg'
import { timeIt } from '../harness/timeIt.js'
import { createScratchDatabase } from '../pg/createScratchDatabase.js'
import { formatNumber } from '../report/formatNumber.js'
import type { BenchContext } from './BenchContext.js'
import type { WorkloadOutcome } from './WorkloadOutcome.js'

const BATCH = 500

/**
 * W1b: ingest end to end — `rememberMany` through the service (validation, redaction,
 * fingerprint dedup, chunking of long content, embedding over loopback HTTP against the fake
 * server, upsert with chunks) into native Postgres. A quarter of the memories are long enough
 * to be chunked. The fake server's own capacity (it computes and serialises every vector) is
 * measured in the same run for scale.
 */
export async function runEndToEndIngestWorkload(ctx: BenchContext): Promise<WorkloadOutcome> {
  const n = ctx.smoke ? 500 : 5000
  const inputs: MemoryInput[] = Array.from({ length: n }, (_, i) => ({
    content:
      i % 4 === 0
        ? `${ctx.text(i)} ${ctx.text(i + 1)} ${ctx.text(i + 2)} ${ctx.text(i + 3)} (#${i})`
        : `${ctx.text(i)} (#${i})`,
  }))
  const server = await startFakeEmbeddingsServer({ dimensions: ctx.data.dimensions })
  const db = await createScratchDatabase(ctx.databaseUrl!, `agent_memory_bench_${process.pid}_w1b`)
  const pool = new pg.Pool({ connectionString: db.url, max: 4, options: '-c synchronous_commit=off' })
  try {
    const embedder = createOpenRouterEmbedder({
      baseURL: server.url,
      apiKey: 'bench-not-a-secret',
      encodingFormat: 'base64',
      maxBatchSize: 512,
      maxParallel: 4,
    })
    const store = await createPgVectorStore({
      pool,
      dimensions: embedder.dimensions,
      model: embedder.model,
      migrate: true,
    })
    const memory = createMemory({ store, embedder, options: { embedBatchSize: 512 } })
    let inserted = 0
    let degraded = 0
    const { ms } = await timeIt(async () => {
      for (let start = 0; start < n; start += BATCH) {
        for (const result of await memory.rememberMany('w1b', inputs.slice(start, start + BATCH))) {
          if (result.status === 'inserted') inserted++
          if (result.degraded) degraded++
        }
      }
    })
    const embedded = server.requests.reduce((total, r) => total + r.inputs.length, 0)
    const stats = await store.stats('w1b')
    await store.close()
    const rate = (n / ms) * 1000
    const inputRate = (embedded / ms) * 1000
    ctx.log(
      `W1b end to end: ${formatNumber(rate, 0)} memories/s (${embedded} texts embedded, ${stats[0]?.chunks ?? 0} chunks)`,
    )
    return {
      report: {
        id: 'W1b',
        title: 'End-to-end ingest: service + chunking + embedder (fake server) + Postgres',
        status: 'ok',
        settings: {
          memories: n,
          'rememberMany batch': BATCH,
          'embedder batch': 512,
          'embedder parallel': 4,
          encoding: 'base64',
          'long (chunked) share': '25%',
        },
        tables: [
          {
            title: 'rememberMany end to end',
            columns: [
              'memories/s',
              'texts embedded/s',
              'inserted',
              'pending (degraded)',
              'chunks stored',
              'embedding requests',
            ],
            rows: [
              [
                formatNumber(rate, 0),
                formatNumber(inputRate, 0),
                inserted,
                degraded,
                stats[0]?.chunks ?? 0,
                server.requests.length,
              ],
            ],
          },
        ],
        notes: [
          'The fake server runs in the bench process and computes a deterministic vector (sha256-seeded) per input, so it shares the two cores with the client and the database.',
        ],
        summary: [
          {
            workload: 'W1b',
            metric: 'end-to-end ingest memories/s (chunking + embedder over HTTP + Postgres)',
            ours: formatNumber(rate, 0),
            peers: `${formatNumber(inputRate, 0)} texts/s through the fake server`,
            target: '≥ 5,000/s (perf-anchors §7, a guess; not in DESIGN §9)',
            met: null,
          },
        ],
      },
    }
  } finally {
    await server.close()
    await pool.end()
    await db.drop()
  }
}
