import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { missingMemory } from '../cli/missingMemory.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import type { LinkJson } from '../json/LinkJsonSchema.js'
import { writeJson } from '../output/writeJson.js'

export function registerLinkCommand(program: Command, context: CommandContext): void {
  addExamples(
    addNamespaceOption(program.command('link').argument('<from>', 'memory id').argument('<to>', 'memory id')),
    [
      [
        'relate two facts of a user: a search with --linked then brings either with the other',
        'agent-memory link 0193f6c2-7a1e-7c4d-9b1a-2f8e4d5c6b7a 0193f6c2-8b2f-7d5e-8c2b-3a9f5e6d7c8b -n alice',
      ],
      [
        'remove the link again, with a JSON answer',
        'agent-memory link 0193f6c2-7a1e-7c4d-9b1a-2f8e4d5c6b7a 0193f6c2-8b2f-7d5e-8c2b-3a9f5e6d7c8b -n alice --remove --json',
      ],
    ],
  )
    .description('link two live memories of a namespace (both ways), or --remove the link')
    .option('--remove', 'remove the link instead')
    .option('--json', 'print the result as JSON')
    .action(
      async (from: string, to: string, flags: { namespace?: string; remove?: boolean; json?: boolean }) => {
        const namespace = resolveNamespace(flags.namespace, context.env)
        const { memory } = await context.open({ brief: true })
        for (const id of [from, to])
          if ((await memory.get(namespace, id)) === null) throw missingMemory(id, namespace)
        const removed = flags.remove === true ? await memory.unlink(namespace, from, to) : undefined
        if (removed === undefined) await memory.link(namespace, from, to)
        if (flags.json === true) {
          writeJson<LinkJson>(context.io, {
            version: 1,
            command: 'link',
            namespace,
            from,
            to,
            linked: removed === undefined,
            ...(removed === undefined ? {} : { removed }),
          })
        } else if (removed === undefined) {
          context.io.out(`linked ${from} and ${to}\n`)
        } else {
          context.io.out(removed ? `unlinked ${from} and ${to}\n` : `${from} and ${to} were not linked\n`)
        }
      },
    )
}
