import type { ExpirySweepCounts } from '@agent-memory/core'
import type { VectorIndexChange } from '@agent-memory/store-pgvector'
import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import type { MaintainJson } from '../json/MaintainJsonSchema.js'
import { writeJson } from '../output/writeJson.js'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

function describeSweep(swept: ExpirySweepCounts): string {
  if (swept.expired === 0) return 'expired memories: none to remove\n'
  const also = [
    ...(swept.history > 0 ? [plural(swept.history, 'superseded version', 'superseded versions')] : []),
    ...(swept.chunks > 0 ? [plural(swept.chunks, 'chunk', 'chunks')] : []),
  ]
  return `removed ${plural(swept.expired, 'expired memory', 'expired memories')}${
    also.length > 0 ? ` (with ${also.join(' and ')})` : ''
  } from ${swept.namespaces.join(', ')}\n`
}

export function registerMaintainCommand(program: Command, context: CommandContext): void {
  addExamples(addNamespaceOption(program.command('maintain')), [
    [
      'remove expired memories, build the vector indexes large namespaces need (after a bulk ingest)',
      'agent-memory maintain',
    ],
    ['only one namespace', 'agent-memory maintain --namespace alice'],
    ['what was removed and built, as JSON (for a scheduler)', 'agent-memory maintain --json'],
  ])
    .description(
      'remove expired memories for good, create the per-namespace vector (HNSW) indexes namespaces above the exact-search size need, drop outgrown ones',
    )
    .option('--json', 'print what was removed and built as JSON')
    .action(async (flags: { namespace?: string; json?: boolean }) => {
      const namespace =
        flags.namespace === undefined && context.env.AGENT_MEMORY_NAMESPACE === undefined
          ? undefined
          : resolveNamespace(flags.namespace, context.env)
      const { store, memory } = await context.open()
      // Sweep first: the index decisions then count only the rows that stay.
      const swept = await memory.sweep(namespace === undefined ? {} : { namespace })
      const report = await store.maintainVectorIndexes(namespace === undefined ? {} : { namespace })
      if (flags.json === true) {
        writeJson<MaintainJson>(context.io, {
          version: 1,
          command: 'maintain',
          namespace: namespace ?? null,
          swept,
          indexes: {
            built: report.created,
            calibrated: report.calibrated,
            dropped: report.dropped,
            kept: report.kept,
          },
        })
        return
      }
      context.io.out(describeSweep(swept))
      const table = (name: string) => (name === 'memories' ? 'memory vectors' : 'chunk vectors')
      const calibration = (change: VectorIndexChange) =>
        change.efSearch === undefined
          ? ''
          : `, ef_search ${change.efSearch} (recall@10 ${change.calibrationRecall!.toFixed(3)} on its calibration probes)`
      for (const change of report.created)
        context.io.out(
          `built index ${change.index}: ${table(change.table)} of ${change.namespace} (${change.rows} rows${change.graph === undefined ? '' : `, m ${change.graph.m} / ef_construction ${change.graph.efConstruction}`})${calibration(change)}\n`,
        )
      for (const change of report.calibrated)
        context.io.out(
          `calibrated index ${change.index}: ${table(change.table)} of ${change.namespace} (${change.rows} rows)${calibration(change)}\n`,
        )
      for (const change of report.dropped)
        context.io.out(
          `dropped index ${change.index}: ${table(change.table)} of ${change.namespace} (${change.rows} rows)\n`,
        )
      context.io.out(
        `vector indexes: ${report.created.length} built, ${report.dropped.length} dropped, ${report.kept} kept\n`,
      )
    })
}
