import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { missingMemory } from '../cli/missingMemory.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import type { HistoryJson } from '../json/HistoryJsonSchema.js'
import { escapeForTerminal } from '../output/escapeForTerminal.js'
import { formatTimestamp } from '../output/formatTimestamp.js'
import { preview } from '../output/preview.js'
import { toMemoryJson } from '../output/toMemoryJson.js'
import { writeJson } from '../output/writeJson.js'

export function registerHistoryCommand(program: Command, context: CommandContext): void {
  addExamples(addNamespaceOption(program.command('history').argument('<id>', 'any memory id in the chain')), [
    [
      'how a fact changed over time, oldest first',
      'agent-memory history 0193f6c2-7a1e-7c4d-9b1a-2f8e4d5c6b7a --namespace alice',
    ],
    ['the chain as JSON', 'agent-memory history 0193f6c2-7a1e-7c4d-9b1a-2f8e4d5c6b7a -n alice --json'],
  ])
    .description('the supersession chain through a memory, oldest first')
    .option('--json', 'print the chain as JSON')
    .action(async (id: string, flags: { namespace?: string; json?: boolean }) => {
      const namespace = resolveNamespace(flags.namespace, context.env)
      const { memory } = await context.open({ readsOnly: true, brief: true })
      const chain = await memory.history(namespace, id)
      if (chain.length === 0) throw missingMemory(id, namespace)
      if (flags.json === true) {
        writeJson<HistoryJson>(context.io, {
          version: 1,
          command: 'history',
          namespace,
          id,
          history: chain.map(toMemoryJson),
        })
        return
      }
      const lines = chain.map((entry, index) => {
        const state = entry.supersededBy === null ? 'current' : `superseded by ${entry.supersededBy}`
        const valid = `valid ${formatTimestamp(entry.validFrom)} → ${formatTimestamp(entry.validTo)}`
        return `${index + 1}. ${escapeForTerminal(`${entry.id}  ${state}`)}  (${valid})\n   ${preview(entry.content, 100)}`
      })
      context.io.out(`${lines.join('\n')}\n`)
    })
}
