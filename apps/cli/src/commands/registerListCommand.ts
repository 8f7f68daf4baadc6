import type { ListOptions, MemoryFilter, Tier } from '@agent-memory/core'
import { type Command, Option } from 'commander'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { integerIn } from '../cli/parsers/integerIn.js'
import { tagList } from '../cli/parsers/tagList.js'
import { tierList } from '../cli/parsers/tierList.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import { formatMemoryLine } from '../output/formatMemoryLine.js'
import { toJsonLine } from '../output/toJsonLine.js'

interface ListFlags {
  namespace?: string
  limit: number
  offset: number
  tier?: Tier[]
  tag?: string[]
  orderBy?: ListOptions['orderBy']
  all?: boolean
  json?: boolean
}

export function registerListCommand(program: Command, context: CommandContext): void {
  addNamespaceOption(program.command('list'))
    .description('memories of a namespace, newest first')
    .option('-l, --limit <n>', 'how many, 1 to 1000', integerIn(1, 1000), 20)
    .option('--offset <n>', 'skip this many', integerIn(0, 1_000_000_000), 0)
    .option('--tier <tier>', 'only this tier (repeatable)', tierList)
    .option('--tag <a,b>', 'only memories with all these tags (repeatable)', tagList)
    .addOption(
      new Option('--order-by <field>', 'sort field (descending)').choices([
        'createdAt',
        'updatedAt',
        'lastAccessedAt',
        'importance',
      ]),
    )
    .option('--all', 'include superseded and expired memories')
    .option('--json', 'print the memories as JSON')
    .action(async (flags: ListFlags) => {
      const namespace = resolveNamespace(flags.namespace, context.env)
      const filter: MemoryFilter = {}
      if (flags.tier !== undefined) filter.tiers = flags.tier
      if (flags.tag !== undefined) filter.tags = flags.tag
      if (flags.all === true) {
        filter.includeSuperseded = true
        filter.includeExpired = true
      }
      const options: ListOptions = { filter, limit: flags.limit, offset: flags.offset }
      if (flags.orderBy !== undefined) options.orderBy = flags.orderBy
      const { memory } = await context.open({ readsOnly: true })
      const memories = await memory.list(namespace, options)
      if (flags.json === true) {
        context.io.out(toJsonLine({ namespace, memories }))
      } else if (memories.length === 0) {
        context.io.out(`no memories in ${namespace}\n`)
      } else {
        context.io.out(`${memories.map(formatMemoryLine).join('\n')}\n`)
      }
    })
}
