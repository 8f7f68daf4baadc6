import type { Command } from 'commander'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import { CliFailure } from '../cli/CliFailure.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import { toJsonLine } from '../output/toJsonLine.js'

export function registerForgetCommand(program: Command, context: CommandContext): void {
  addNamespaceOption(program.command('forget').argument('<id>', 'memory id'))
    .description('delete one memory for good (its chunks too)')
    .option('--json', 'print the result as JSON')
    .action(async (id: string, flags: { namespace?: string; json?: boolean }) => {
      const namespace = resolveNamespace(flags.namespace, context.env)
      const { memory } = await context.open()
      const deleted = await memory.forget(namespace, id)
      if (flags.json === true) context.io.out(toJsonLine({ namespace, id, deleted }))
      if (!deleted) throw new CliFailure(`no memory ${id} in namespace ${namespace}`)
      if (flags.json !== true) context.io.out(`forgot ${id}\n`)
    })
}
