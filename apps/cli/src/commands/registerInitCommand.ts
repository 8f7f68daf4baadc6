import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import type { CommandContext } from '../cli/CommandContext.js'
import type { InitJson } from '../json/InitJsonSchema.js'
import { toStoreJson } from '../output/toStoreJson.js'
import { writeJson } from '../output/writeJson.js'

export function registerInitCommand(program: Command, context: CommandContext): void {
  addExamples(program.command('init'), [
    ['create the embedded store in ./.agent-memory', 'agent-memory init'],
    [
      'apply the migrations to PostgreSQL once, before other commands',
      'agent-memory init --database-url postgres://me@localhost/app',
    ],
  ])
    .description('create or migrate the store; prints where it is and which embedder it records')
    .option('--json', 'print the result as JSON')
    .action(async (flags: { json?: boolean }) => {
      const opened = await context.open({ migrate: true, announce: false, brief: true })
      const recorded = await opened.store.recordedEmbedder()
      if (flags.json === true) {
        writeJson<InitJson>(context.io, {
          version: 1,
          command: 'init',
          store: toStoreJson(context.config().store, opened.servedBy),
          embedder: recorded,
        })
        return
      }
      context.io.out(`store ready: ${opened.storeDescription}\n`)
      context.io.out(`embedder: ${opened.embedderDescription}\n`)
      if (recorded !== null) {
        context.io.out(
          `recorded by the store: ${recorded.model ?? '(no model)'} (${recorded.dimensions} dimensions)\n`,
        )
      }
    })
}
