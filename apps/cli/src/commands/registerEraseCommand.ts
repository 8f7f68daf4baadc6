import { namespaceProblems } from '@agent-memory/core/checks'
import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { UsageError } from '../cli/UsageError.js'
import type { EraseJson } from '../json/EraseJsonSchema.js'
import { writeJson } from '../output/writeJson.js'

interface EraseFlags {
  namespace?: string
  yes?: boolean
  json?: boolean
}

export function registerEraseCommand(program: Command, context: CommandContext): void {
  addExamples(program.command('erase'), [
    [
      'delete everything about a user (a data-subject request): every row of every table',
      'agent-memory erase --namespace ada --yes',
    ],
    ['the same, with the counts of what went as JSON', 'agent-memory erase --namespace ada --yes --json'],
  ])
    .description(
      'delete every memory of a namespace for good, with its chunks, statistics, indexes and observe ledger',
    )
    // Never from AGENT_MEMORY_NAMESPACE: the namespace to erase is typed out, every time.
    .option('-n, --namespace <ns>', 'the namespace to erase (required, not read from the environment)')
    .option('--yes', 'confirm: the erase cannot be undone')
    .option('--json', 'print what was removed as JSON')
    .action(async (flags: EraseFlags) => {
      if (flags.namespace === undefined || flags.namespace === '') {
        throw new UsageError(
          "erase needs --namespace <ns> (the environment's namespace is never erased implicitly)",
        )
      }
      const problems = namespaceProblems(flags.namespace)
      if (problems.length > 0) throw new UsageError(`invalid namespace: ${problems.join('; ')}`)
      if (flags.yes !== true) {
        throw new UsageError(
          `erase deletes every memory of ${flags.namespace} for good: add --yes to confirm (agent-memory export --namespace ${flags.namespace} keeps a copy first)`,
        )
      }
      const { memory } = await context.open()
      const report = await memory.eraseNamespace(flags.namespace)
      if (flags.json === true) {
        writeJson<EraseJson>(context.io, {
          version: 1,
          command: 'erase',
          namespace: report.namespace,
          memories: report.memories,
          chunks: report.chunks,
          observeLedger: report.observeLedger,
          indexes: report.indexes,
          otherRows: report.otherRows,
        })
        return
      }
      context.io.out(
        `erased ${report.namespace}: ${report.memories} memories, ${report.chunks} chunks, ${report.observeLedger} observe ledger entries, ${report.indexes} vector indexes\n`,
      )
    })
}
