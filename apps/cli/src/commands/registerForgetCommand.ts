import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { missingMemory } from '../cli/missingMemory.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import type { ForgetJson } from '../json/ForgetJsonSchema.js'
import { writeJson } from '../output/writeJson.js'

export function registerForgetCommand(program: Command, context: CommandContext): void {
  addExamples(addNamespaceOption(program.command('forget').argument('<id>', 'memory id')), [
    [
      'delete one memory of a user for good',
      'agent-memory forget 0193f6c2-7a1e-7c4d-9b1a-2f8e4d5c6b7a --namespace alice',
    ],
    [
      'the same, with a JSON answer (a missing id is a not_found error document)',
      'agent-memory forget 0193f6c2-7a1e-7c4d-9b1a-2f8e4d5c6b7a -n alice --json',
    ],
  ])
    .description('delete one memory for good (its chunks too)')
    .option('--json', 'print the result as JSON')
    .action(async (id: string, flags: { namespace?: string; json?: boolean }) => {
      const namespace = resolveNamespace(flags.namespace, context.env)
      const { memory } = await context.open({ brief: true })
      const deleted = await memory.forget(namespace, id)
      if (!deleted) throw missingMemory(id, namespace)
      if (flags.json === true) {
        writeJson<ForgetJson>(context.io, { version: 1, command: 'forget', namespace, id, deleted })
      } else {
        context.io.out(`forgot ${id}\n`)
      }
    })
}
