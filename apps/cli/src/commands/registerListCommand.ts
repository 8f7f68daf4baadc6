import type { ListOptions, MemoryFilter, Tier } from '@agent-memory/core'
import { type Command, Option } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import { addTagOption } from '../cli/addTagOption.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { type ListQuery, listCursor } from '../cli/listCursor.js'
import { integerIn } from '../cli/parsers/integerIn.js'
import { tierList } from '../cli/parsers/tierList.js'
import { tagsFrom } from '../cli/tagsFrom.js'
import { UsageError } from '../cli/UsageError.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import type { ListJson } from '../json/ListJsonSchema.js'
import { formatMemoryLine } from '../output/formatMemoryLine.js'
import { toMemoryJson } from '../output/toMemoryJson.js'
import { writeJson } from '../output/writeJson.js'

interface ListFlags {
  namespace?: string
  limit: number
  offset?: number
  cursor?: string
  tier?: Tier[]
  tag?: string[]
  tags?: string[]
  orderBy?: NonNullable<ListOptions['orderBy']>
  all?: boolean
  json?: boolean
}

export function registerListCommand(program: Command, context: CommandContext): void {
  const command = addNamespaceOption(program.command('list'))
  addTagOption(command, 'only memories with all these tags')
  addExamples(command, [
    ['the newest twenty memories of a user', 'agent-memory list --namespace alice'],
    [
      'every procedural memory, including superseded ones, page by page',
      'agent-memory list -n alice --tier procedural --all --limit 100 --json',
    ],
  ])
  command
    .description('memories of a namespace, newest first, a page at a time')
    .option('-l, --limit <n>', 'page size, 1 to 1000', integerIn(1, 1000), 20)
    .option('--cursor <cursor>', 'continue after the page that printed this cursor')
    .option('--offset <n>', 'skip this many (prefer --cursor)', integerIn(0, 1_000_000_000))
    .option('--tier <tier>', 'only this tier (repeatable)', tierList)
    .addOption(
      new Option('--order-by <field>', 'sort field (descending)').choices([
        'createdAt',
        'updatedAt',
        'lastAccessedAt',
        'importance',
      ]),
    )
    .option('--all', 'include superseded and expired memories')
    .option('--json', 'print the page as JSON (with nextCursor)')
    .action(async (flags: ListFlags) => {
      const namespace = resolveNamespace(flags.namespace, context.env)
      if (flags.cursor !== undefined && flags.offset !== undefined) {
        throw new UsageError('--cursor and --offset cannot be combined')
      }
      const query: ListQuery = {
        namespace,
        orderBy: flags.orderBy ?? 'createdAt',
        tiers: flags.tier ?? [],
        tags: tagsFrom(flags) ?? [],
        all: flags.all === true,
      }
      const offset = flags.cursor === undefined ? (flags.offset ?? 0) : listCursor.decode(query, flags.cursor)
      const filter: MemoryFilter = {}
      if (flags.tier !== undefined) filter.tiers = flags.tier
      const tags = tagsFrom(flags)
      if (tags !== undefined) filter.tags = tags
      if (flags.all === true) {
        filter.includeSuperseded = true
        filter.includeExpired = true
      }
      // One row more than the page says whether there is a next one.
      const options: ListOptions = { filter, limit: flags.limit + 1, offset }
      if (flags.orderBy !== undefined) options.orderBy = flags.orderBy
      const { memory, store } = await context.open({ readsOnly: true, brief: true })
      const rows = await memory.list(namespace, options)
      const total = await store.countMemories(namespace, filter)
      const memories = rows.slice(0, flags.limit)
      const nextCursor = rows.length > flags.limit ? listCursor.encode(query, offset + flags.limit) : null
      if (flags.json === true) {
        writeJson<ListJson>(context.io, {
          version: 1,
          command: 'list',
          namespace,
          memories: memories.map(toMemoryJson),
          total,
          nextCursor,
        })
        return
      }
      if (memories.length === 0) {
        context.io.out(offset === 0 ? `no memories in ${namespace}\n` : `no more memories in ${namespace}\n`)
        return
      }
      context.io.out(`${memories.map(formatMemoryLine).join('\n')}\n`)
      const shown = `${offset + 1}-${offset + memories.length} of ${total}`
      context.io.err(nextCursor === null ? `${shown}\n` : `${shown}; more: add --cursor ${nextCursor}\n`)
    })
}
