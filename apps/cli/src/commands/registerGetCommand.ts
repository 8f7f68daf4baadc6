import type { Command } from 'commander'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import { CliFailure } from '../cli/CliFailure.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import { formatMemoryDetail } from '../output/formatMemoryDetail.js'
import { toJsonLine } from '../output/toJsonLine.js'

export function registerGetCommand(program: Command, context: CommandContext): void {
  addNamespaceOption(program.command('get').argument('<id>', 'memory id'))
    .description('one memory with all its fields')
    .option('--json', 'print the memory as JSON')
    .action(async (id: string, flags: { namespace?: string; json?: boolean }) => {
      const namespace = resolveNamespace(flags.namespace, context.env)
      const { memory } = await context.open({ readsOnly: true })
      const found = await memory.get(namespace, id)
      if (found === null) throw new CliFailure(`no memory ${id} in namespace ${namespace}`)
      context.io.out(flags.json === true ? toJsonLine(found) : formatMemoryDetail(found))
    })
}
