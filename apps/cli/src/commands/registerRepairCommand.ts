import type { RepairReport } from '@agent-memory/core'
import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { ExitCode } from '../cli/ExitCode.js'
import { integerIn } from '../cli/parsers/integerIn.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import type { RepairJson } from '../json/RepairJsonSchema.js'
import { formatRepairIssues } from '../output/formatRepairIssues.js'
import { toRepairIssueJson } from '../output/toRepairIssueJson.js'
import { writeJson } from '../output/writeJson.js'

export function registerRepairCommand(program: Command, context: CommandContext): void {
  addExamples(addNamespaceOption(program.command('repair')), [
    ['embed everything stored pending while the embedder was down', 'agent-memory repair'],
    ["one user's pending memories, in small batches", 'agent-memory repair --namespace alice --batch 16'],
  ])
    .description('embed memories stored pending (the embedder was down when they were written)')
    .option('--batch <n>', 'memories claimed per pass, 1 to 1000', integerIn(1, 1000), 64)
    .option('--json', 'print the totals as JSON')
    .action(async (flags: { namespace?: string; batch: number; json?: boolean }) => {
      const namespace =
        flags.namespace === undefined && context.env.AGENT_MEMORY_NAMESPACE === undefined
          ? undefined
          : resolveNamespace(flags.namespace, context.env)
      const { memory } = await context.open()
      const total: RepairReport = { claimed: 0, repaired: 0, discarded: 0, failed: 0, parked: 0, released: 0 }
      // One pass claims a batch; stop when a pass claims nothing or only fails (backoff applies).
      while (!context.signal.aborted) {
        // Ctrl-C aborts the in-flight embed requests instead of waiting out the embed budget.
        const report = await memory.repair({
          limit: flags.batch,
          signal: context.signal,
          ...(namespace === undefined ? {} : { namespace }),
        })
        for (const key of Object.keys(total) as Array<keyof RepairReport>) total[key] += report[key]
        if (!flags.json) {
          context.io.err(
            `repair: ${total.repaired} embedded, ${total.failed} failed, ${total.parked} parked\n`,
          )
        }
        if (report.claimed === 0 || report.repaired + report.discarded === 0) break
      }
      // Say why: what still waits for a vector, with the last (redacted) error and the next attempt.
      const issues = await memory.repairIssues(namespace, { limit: 100 })
      if (flags.json === true) {
        writeJson<RepairJson>(context.io, {
          version: 1,
          command: 'repair',
          ...(namespace === undefined ? {} : { namespace }),
          ...total,
          issues: issues.map(toRepairIssueJson),
        })
      } else {
        context.io.out(
          `repaired ${total.repaired} of ${total.claimed} claimed` +
            (total.failed > 0 ? `; ${total.failed} failed and will be retried later` : '') +
            (total.parked > 0 ? `; ${total.parked} parked after too many attempts` : '') +
            (total.released > 0 ? `; ${total.released} given back unchanged for the next run` : '') +
            '\n' +
            formatRepairIssues(issues),
        )
      }
      if (context.signal.aborted) context.exitCode = ExitCode.interrupted
      else if (total.failed + total.parked > 0) context.exitCode = ExitCode.failure
    })
}
