import type { Command } from 'commander'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import { CliFailure } from '../cli/CliFailure.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import { escapeForTerminal } from '../output/escapeForTerminal.js'
import { formatTimestamp } from '../output/formatTimestamp.js'
import { preview } from '../output/preview.js'
import { toJsonLine } from '../output/toJsonLine.js'

export function registerHistoryCommand(program: Command, context: CommandContext): void {
  addNamespaceOption(program.command('history').argument('<id>', 'any memory id in the chain'))
    .description('the supersession chain through a memory, oldest first')
    .option('--json', 'print the chain as JSON')
    .action(async (id: string, flags: { namespace?: string; json?: boolean }) => {
      const namespace = resolveNamespace(flags.namespace, context.env)
      const { memory } = await context.open({ readsOnly: true })
      const chain = await memory.history(namespace, id)
      if (flags.json === true) {
        context.io.out(toJsonLine({ namespace, id, history: chain }))
        if (chain.length === 0) context.exitCode = 1
        return
      }
      if (chain.length === 0) throw new CliFailure(`no memory ${id} in namespace ${namespace}`)
      const lines = chain.map((entry, index) => {
        const state = entry.supersededBy === null ? 'current' : `superseded by ${entry.supersededBy}`
        const valid = `valid ${formatTimestamp(entry.validFrom)} → ${formatTimestamp(entry.validTo)}`
        return `${index + 1}. ${escapeForTerminal(`${entry.id}  ${state}`)}  (${valid})\n   ${preview(entry.content, 100)}`
      })
      context.io.out(`${lines.join('\n')}\n`)
    })
}
