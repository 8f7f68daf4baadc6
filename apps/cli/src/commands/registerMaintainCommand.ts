import type { VectorIndexChange } from '@agent-memory/store-pgvector'
import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { resolveNamespace } from '../config/resolveNamespace.js'

export function registerMaintainCommand(program: Command, context: CommandContext): void {
  addExamples(addNamespaceOption(program.command('maintain')), [
    ['build the vector indexes large namespaces need (after a bulk ingest)', 'agent-memory maintain'],
    ['only one namespace', 'agent-memory maintain --namespace alice'],
  ])
    .description(
      'create the per-namespace vector (HNSW) indexes namespaces above the exact-search size need, drop outgrown ones',
    )
    .action(async (flags: { namespace?: string }) => {
      const namespace =
        flags.namespace === undefined && context.env.AGENT_MEMORY_NAMESPACE === undefined
          ? undefined
          : resolveNamespace(flags.namespace, context.env)
      const { store } = await context.open()
      const report = await store.maintainVectorIndexes(namespace === undefined ? {} : { namespace })
      const table = (name: string) => (name === 'memories' ? 'memory vectors' : 'chunk vectors')
      const calibration = (change: VectorIndexChange) =>
        change.efSearch === undefined
          ? ''
          : `, ef_search ${change.efSearch} (recall@10 ${change.calibrationRecall!.toFixed(3)} on its own rows)`
      for (const change of report.created)
        context.io.out(
          `built index ${change.index}: ${table(change.table)} of ${change.namespace} (${change.rows} rows)${calibration(change)}\n`,
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
