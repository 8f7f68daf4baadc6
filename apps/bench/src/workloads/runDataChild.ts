import { once } from 'node:events'
import { createWriteStream, statSync } from 'node:fs'
import { createMemory } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { createPgVectorStore, openEmbeddedStore } from '@agent-memory/store-pgvector'
import { createRng } from '../harness/createRng.js'
import { peakRssMib } from '../harness/peakRssMib.js'
import { synthesizeText } from '../harness/synthesizeText.js'
import type { DataChildRequest } from './DataChildRequest.js'
import type { DataChildResult } from './DataChildResult.js'
import { readJsonRecords } from './readJsonRecords.js'

const REMEMBER_BATCH = 1000
const MIB = 1024 * 1024

/**
 * One W14 operation in a process of its own, so its peak RSS is its own (a parent that built the
 * data, or ran the other operations, would lend them its heap): opens the store, runs the
 * operation timed, reports `DataChildResult`.
 */
export async function runDataChild(request: DataChildRequest): Promise<DataChildResult> {
  const embedder = createHashingEmbedder({ dimensions: request.dimensions })
  const store =
    request.store.kind === 'embedded'
      ? await openEmbeddedStore({
          dataDir: request.store.dataDir,
          model: embedder.model,
          dimensions: embedder.dimensions,
          handleSignals: false,
        })
      : await createPgVectorStore({
          connectionString: request.store.url,
          dimensions: embedder.dimensions,
          model: embedder.model,
          migrate: true,
        })
  const memory = createMemory({ store, embedder })
  const rssOpenMb = process.memoryUsage().rss / MIB
  const started = performance.now()
  let rows = 0
  let bytes = 0
  try {
    if (request.op === 'remember') {
      const rng = createRng(request.seed ?? 1)
      for (const { name, rows: count } of request.namespaces) {
        for (let start = 0; start < count; start += REMEMBER_BATCH) {
          const batch = Array.from({ length: Math.min(REMEMBER_BATCH, count - start) }, (_, i) => ({
            content: `${synthesizeText(rng, 200)} (${name} ${start + i})`,
          }))
          // The last call of a load says so: the store then catches up on its deferred upkeep.
          const last = start + REMEMBER_BATCH >= count
          const result = await memory.rememberMany(name, batch, { bulk: last })
          rows += result.length
        }
      }
      await memory.flush()
    } else if (request.op === 'export') {
      const out = createWriteStream(request.file!)
      const names = request.namespaces.map((namespace) => namespace.name)
      for await (const record of memory.exportNamespace(names, { vectors: true })) {
        if (record.type === 'memory') rows += 1
        if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain')
      }
      out.end()
      await once(out, 'finish')
      bytes = statSync(request.file!).size
    } else {
      const summary = await memory.importRecords(readJsonRecords(request.file!))
      if (summary.skipped.length > 0 || summary.pendingEmbed > 0) {
        throw new Error(
          `import skipped ${summary.skipped.length} records and left ${summary.pendingEmbed} pending: ${summary.skipped[0]?.reason ?? summary.pendingReason}`,
        )
      }
      rows = summary.inserted + summary.updated + summary.unchanged
      bytes = statSync(request.file!).size
    }
  } finally {
    await memory.close()
    await store.close()
  }
  const ms = performance.now() - started
  return { rows, ms, bytes, rssOpenMb, peakRssMb: peakRssMib() }
}
