import type { Command } from 'commander'
import type { CommandContext } from '../cli/CommandContext.js'
import { redactUrl } from '../config/redactUrl.js'
import { toJsonLine } from '../output/toJsonLine.js'

export function registerInitCommand(program: Command, context: CommandContext): void {
  program
    .command('init')
    .description('create or migrate the store; prints where it is and which embedder it records')
    .option('--json', 'print the result as JSON')
    .action(async (flags: { json?: boolean }) => {
      const opened = await context.open({ migrate: true, announce: false })
      const recorded = await opened.store.recordedEmbedder()
      const store = context.config().store
      if (flags.json === true) {
        context.io.out(
          toJsonLine({
            store:
              store.kind === 'embedded'
                ? { kind: 'embedded', dataDir: store.dataDir }
                : { kind: 'postgres', url: redactUrl(store.url) },
            embedder: recorded,
          }),
        )
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
