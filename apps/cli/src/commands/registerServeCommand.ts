import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import { addSweepIntervalOption } from '../cli/addSweepIntervalOption.js'
import { CliFailure } from '../cli/CliFailure.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { ExitCode } from '../cli/ExitCode.js'
import { sweepIntervalOption } from '../cli/sweepIntervalOption.js'
import { UsageError } from '../cli/UsageError.js'
import { untilStopped } from '../serve/untilStopped.js'

export function registerServeCommand(program: Command, context: CommandContext): void {
  addExamples(addSweepIntervalOption(program.command('serve')), [
    ['keep the default data directory open so other commands start fast', 'agent-memory serve'],
    ['serve another data directory', 'agent-memory serve --data-dir ~/notes/.agent-memory'],
    ['also remove expired memories for good every hour', 'agent-memory serve --sweep-interval 3600'],
  ])
    .description(
      'hold the embedded store and serve it to other local commands (they skip the PGlite start-up) until stopped',
    )
    .action(async (flags: { sweepInterval?: number }) => {
      const target = context.config().store
      if (target.kind !== 'embedded') {
        throw new UsageError('serve shares the embedded store; PostgreSQL is already a server')
      }
      const opened = await context.open({ serve: true, ...sweepIntervalOption(flags.sweepInterval) })
      if (opened.servedBy !== undefined) {
        throw new CliFailure(`${target.dataDir} is already served by ${opened.servedBy}; nothing to do`)
      }
      if (opened.serving !== true) throw new CliFailure(`could not serve ${target.dataDir} (see above)`)
      const { storeSocketPath } = await import('@agent-memory/store-pgvector')
      context.io.err(
        `agent-memory serve: serving ${target.dataDir} on ${storeSocketPath(target.dataDir)}; Ctrl-C stops\n`,
      )
      await untilStopped(context.signal)
      context.io.err('agent-memory serve: stopped\n')
      context.exitCode = ExitCode.ok
    })
}
