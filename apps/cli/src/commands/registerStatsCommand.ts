import { TIERS } from '@agent-memory/core'
import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import type { StatsJson } from '../json/StatsJsonSchema.js'
import { directorySize } from '../open/directorySize.js'
import { describeEmbeddingCache } from '../output/describeEmbeddingCache.js'
import { formatBytes } from '../output/formatBytes.js'
import { formatTable } from '../output/formatTable.js'
import { toStoreJson } from '../output/toStoreJson.js'
import { writeJson } from '../output/writeJson.js'
import { recallSocketPath } from '../served/recallSocketPath.js'
import { serviceStatsFromHolder } from '../served/serviceStatsFromHolder.js'

export function registerStatsCommand(program: Command, context: CommandContext): void {
  addExamples(addNamespaceOption(program.command('stats')), [
    ['counts for every namespace, storage and the recorded embedder', 'agent-memory stats'],
    ['one namespace, as JSON', 'agent-memory stats --namespace alice --json'],
  ])
    .description(
      'counts by namespace and tier, pending and parked embeds, chunks, storage, recorded embedder, and the embedding cache of the process serving the directory',
    )
    .option('--json', 'print the statistics as JSON')
    .action(async (flags: { namespace?: string; json?: boolean }) => {
      const namespace =
        flags.namespace === undefined && context.env.AGENT_MEMORY_NAMESPACE === undefined
          ? undefined
          : resolveNamespace(flags.namespace, context.env)
      const { store, storeDescription, servedBy } = await context.open({ readsOnly: true, brief: true })
      const [namespaces, recorded, tableBytes, queue] = await Promise.all([
        store.stats(namespace),
        store.recordedEmbedder(),
        store.storageBytes(),
        store.repairStats(namespace),
      ])
      const target = context.config().store
      const dataDirBytes = target.kind === 'embedded' ? await directorySize(target.dataDir) : undefined
      // The embedding caches live in the long-running process that serves the directory.
      const served =
        target.kind === 'embedded'
          ? await serviceStatsFromHolder(recallSocketPath(target.dataDir), { signal: context.signal })
          : undefined
      const totals = namespaces.reduce(
        (sum, entry) => ({
          memories: sum.memories + entry.total,
          chunks: sum.chunks + entry.chunks,
          superseded: sum.superseded + entry.superseded,
        }),
        { memories: 0, chunks: 0, superseded: 0 },
      )
      if (flags.json === true) {
        writeJson<StatsJson>(context.io, {
          version: 1,
          command: 'stats',
          store: toStoreJson(target, servedBy),
          embedder: recorded,
          storage: { tableBytes, ...(dataDirBytes === undefined ? {} : { dataDirBytes }) },
          totals: { ...totals, pending: queue.pending, leased: queue.leased, parked: queue.failed },
          namespaces,
          ...(served === undefined
            ? {}
            : { embeddingCache: { servedBy: served.servedBy, ...served.stats.embeddingCache } }),
        })
        return
      }
      const lines = [
        `store      ${storeDescription}`,
        `embedder   ${recorded === null ? 'none recorded yet' : `${recorded.model ?? '(no model)'} (${recorded.dimensions} dimensions)`}`,
        `storage    ${formatBytes(tableBytes)} in tables and indexes${dataDirBytes === undefined ? '' : `, ${formatBytes(dataDirBytes)} data directory`}`,
        `memories   ${totals.memories} in ${namespaces.length} namespace${namespaces.length === 1 ? '' : 's'}, ${totals.chunks} chunks, ${totals.superseded} superseded`,
        `embeds     ${queue.pending} pending${queue.leased > 0 ? ` (${queue.leased} leased by a repair: one is running, or one was killed and its leases lapse within 10 minutes${target.kind === 'embedded' ? ', or at the next open of this directory' : ''})` : ''}, ${queue.failed} parked${queue.pending + queue.failed > 0 ? ' (run agent-memory repair)' : ''}`,
      ]
      if (served !== undefined)
        lines.push(`caches     ${describeEmbeddingCache(served.stats)} in ${served.servedBy}`)
      const sampled = namespaces.filter((entry) => (entry.vectorSearch?.recallSamples ?? 0) > 0)
      const indexed = namespaces.filter((entry) => entry.vectorSearch?.indexed === true).length
      if (indexed > 0 || sampled.length > 0) {
        const samples = sampled.reduce((sum, entry) => sum + entry.vectorSearch!.recallSamples, 0)
        const recall =
          sampled.reduce(
            (sum, entry) => sum + entry.vectorSearch!.recallSamples * (entry.vectorSearch!.recall ?? 0),
            0,
          ) / Math.max(1, samples)
        lines.push(
          `vectors    ${indexed} namespace${indexed === 1 ? '' : 's'} with an HNSW index; ` +
            (samples === 0
              ? 'no approximate search sampled yet'
              : `recall@10 ${recall.toFixed(3)} over ${samples} sampled approximate searches (re-run exactly)`),
        )
      }
      context.io.out(`${lines.join('\n')}\n`)
      if (namespaces.length > 0) {
        const header = ['namespace', 'total', ...TIERS, 'pending', 'parked', 'superseded', 'chunks']
        const rows = namespaces.map((entry) => [
          entry.namespace,
          String(entry.total),
          ...TIERS.map((tier) => String(entry.byTier[tier] ?? 0)),
          String(entry.pending),
          String(entry.failed),
          String(entry.superseded),
          String(entry.chunks),
        ])
        context.io.out(`\n${formatTable(header, rows)}`)
      }
    })
}
