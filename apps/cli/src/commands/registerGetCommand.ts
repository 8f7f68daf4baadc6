import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { missingMemory } from '../cli/missingMemory.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import type { GetJson } from '../json/GetJsonSchema.js'
import { resolveMemoryLinks } from '../links/resolveMemoryLinks.js'
import { formatMemoryDetail } from '../output/formatMemoryDetail.js'
import { toMemoryJson } from '../output/toMemoryJson.js'
import { toRepairIssueJson } from '../output/toRepairIssueJson.js'
import { writeJson } from '../output/writeJson.js'

export function registerGetCommand(program: Command, context: CommandContext): void {
  addExamples(addNamespaceOption(program.command('get').argument('<id>', 'memory id')), [
    [
      'every field of one memory, with its embedding state',
      'agent-memory get 0193f6c2-7a1e-7c4d-9b1a-2f8e4d5c6b7a --namespace alice',
    ],
    [
      'the same as JSON, for a script',
      'agent-memory get 0193f6c2-7a1e-7c4d-9b1a-2f8e4d5c6b7a -n alice --json',
    ],
  ])
    .description('one memory with all its fields')
    .option('--json', 'print the memory as JSON')
    .action(async (id: string, flags: { namespace?: string; json?: boolean }) => {
      const namespace = resolveNamespace(flags.namespace, context.env)
      const { memory } = await context.open({ readsOnly: true, brief: true })
      const found = await memory.get(namespace, id)
      if (found === null) throw missingMemory(id, namespace)
      // A memory without a vector says why: the repair queue keeps the last error and the next attempt.
      const [repair] =
        found.embedState === 'ok' ? [] : await memory.repairIssues(namespace, { ids: [id], limit: 1 })
      const links = await resolveMemoryLinks(memory.store, namespace, found.linkedMemoryIds, new Date())
      if (flags.json === true) {
        writeJson<GetJson>(context.io, {
          version: 1,
          command: 'get',
          namespace,
          memory: toMemoryJson(found),
          ...(repair === undefined ? {} : { repair: toRepairIssueJson(repair) }),
          links: links.map((link) => ({
            id: link.id,
            state: link.state,
            currentId: link.current?.id ?? null,
            content: link.current?.content ?? null,
          })),
        })
      } else {
        context.io.out(formatMemoryDetail(found, repair, links))
      }
    })
}
