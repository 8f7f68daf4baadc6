import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMemory, fingerprint, type MemoryWrite } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { openEmbeddedStore } from '@agent-memory/store-pgvector'
import { createRng } from '../harness/createRng.js'
import { createZipfText } from '../harness/createZipfText.js'
import { measureLatencies } from '../harness/measureLatencies.js'
import { precomputedEmbedder } from '../ours/precomputedEmbedder.js'
import { formatNumber } from '../report/formatNumber.js'
import type { BenchContext } from './BenchContext.js'
import type { WorkloadOutcome } from './WorkloadOutcome.js'

/**
 * PROFILE: `memory.profile` (400 tokens) of one namespace holding 10k memories on the embedded
 * default, against a plain recall (hybrid, limit 5, embed time excluded) on the same store in the
 * same run. The memories are what observe writes: semantic facts and a tenth procedural
 * preferences, importance judged by a model (`assessedImportance` 0.1–0.9), confidence tracked.
 */
export async function runProfileWorkload(ctx: BenchContext): Promise<WorkloadOutcome> {
  const n = ctx.smoke ? 500 : 10_000
  const iterations = ctx.smoke ? 50 : 500
  const rng = createRng(0x9a0f)
  const text = createZipfText(rng)
  const contents = Array.from({ length: n }, (_, i) => `${text(20)} #${i}`)
  const queries = Array.from({ length: iterations }, () => text(5))
  const embedder = precomputedEmbedder(createHashingEmbedder())
  const vectors = await createHashingEmbedder().embed(contents)
  const writes: MemoryWrite[] = contents.map((content, i) => ({
    id: `m${String(i).padStart(6, '0')}`,
    tier: i % 10 === 0 ? 'procedural' : 'semantic',
    content,
    importance: 0.5,
    assessedImportance: 0.1 + rng.int(81) / 100,
    confidence: 0.4,
    fingerprint: fingerprint(content),
    embedding: vectors[i]!,
  }))
  await embedder.prime(queries)
  const dir = await mkdtemp(join(tmpdir(), 'agent-memory-bench-profile-'))
  const store = await openEmbeddedStore({
    dataDir: dir,
    dimensions: embedder.dimensions,
    model: embedder.model,
    handleSignals: false,
  })
  const memory = createMemory({ store, embedder })
  try {
    for (let start = 0; start < writes.length; start += 2000) {
      await store.upsert('user-1', writes.slice(start, start + 2000))
    }
    await store.afterBulkLoad?.('user-1')
    const first = await memory.profile('user-1')
    // Profile first: recall reinforces its hits, which a profile counts.
    const profile = await measureLatencies(() => memory.profile('user-1'), {
      warmup: ctx.warmup,
      iterations,
    })
    const again = await memory.profile('user-1')
    const stable = again.text === first.text
    const recall = await measureLatencies(
      (i) => memory.recall('user-1', queries[i % queries.length]!, { limit: 5 }),
      {
        warmup: ctx.warmup,
        iterations,
      },
    )
    ctx.log(
      `PROFILE profile p50 ${formatNumber(profile.latency.p50)} ms (${first.memories.length} memories, ${first.tokens} tokens), recall p50 ${formatNumber(recall.latency.p50)} ms`,
    )
    const row = (label: string, m: typeof profile | typeof recall) => [
      label,
      formatNumber(m.latency.p50),
      formatNumber(m.latency.p95),
      formatNumber(m.latency.p99),
      formatNumber(m.latency.max),
    ]
    return {
      report: {
        id: 'PROFILE',
        title: `memory.profile beside a plain recall, embedded default, ${n.toLocaleString('en-US')} memories`,
        status: 'ok',
        settings: {
          memories: n,
          calls: iterations,
          'profile maxTokens': first.maxTokens,
          recall: 'hybrid, limit 5, embed time excluded (primed cache)',
          embedder: embedder.model,
          data: 'Zipf pseudo-words, ~20 words a memory; 10% procedural, assessedImportance 0.1–0.9, confidence 0.4',
        },
        tables: [
          {
            title: 'Latency (ms), same store, same run',
            columns: ['Call', 'p50', 'p95', 'p99', 'max'],
            rows: [row('memory.profile (400 tokens)', profile), row('memory.recall (limit 5)', recall)],
          },
        ],
        notes: [
          `The profile held ${first.memories.length} memories in ${first.tokens} estimated tokens; the same text on every call while nothing was written: ${stable ? 'yes' : 'no'}.`,
          'A profile reads its candidates in one statement (`Store.profileCandidates`: up to maxTokens ÷ 8 rows, 50 here, of each of the top by stored importance per durable tier, by last access, and the pinned ones, each walked from a partial index, so the namespace is never sorted) and ranks them in memory; it writes nothing and caches nothing: every call is timed cold of any profile cache.',
        ],
        summary: [
          {
            workload: 'PROFILE',
            metric: `memory.profile p50 / p99 ms (${n.toLocaleString('en-US')} memories) beside recall p50 / p99`,
            ours: `${formatNumber(profile.latency.p50)} / ${formatNumber(profile.latency.p99)}; recall ${formatNumber(recall.latency.p50)} / ${formatNumber(recall.latency.p99)}`,
            peers: '—',
            target: 'profile p50 ≤ 20 ms',
            met: ctx.smoke ? null : profile.latency.p50 <= 20 && stable,
          },
        ],
      },
    }
  } finally {
    await memory.close()
    await store.close()
    await rm(dir, { recursive: true, force: true })
  }
}
