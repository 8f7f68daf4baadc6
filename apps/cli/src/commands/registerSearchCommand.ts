import type { MemoryFilter, RecallOptions, Tier } from '@agent-memory/core'
import { type Command, Option } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import { addTagOption } from '../cli/addTagOption.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { integerIn } from '../cli/parsers/integerIn.js'
import { isoDate } from '../cli/parsers/isoDate.js'
import { tierList } from '../cli/parsers/tierList.js'
import { unitInterval } from '../cli/parsers/unitInterval.js'
import { tagsFrom } from '../cli/tagsFrom.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import type { SearchJson } from '../json/SearchJsonSchema.js'
import { formatRecallHit } from '../output/formatRecallHit.js'
import { toMemoryJson } from '../output/toMemoryJson.js'
import { writeJson } from '../output/writeJson.js'
import { recallForCommand } from '../served/recallForCommand.js'

interface SearchFlags {
  namespace?: string
  limit: number
  tier?: Tier[]
  tag?: string[]
  tags?: string[]
  asOf?: Date
  minScore?: number
  mode?: RecallOptions['mode']
  explain?: boolean
  json?: boolean
}

export function registerSearchCommand(program: Command, context: CommandContext): void {
  const command = addNamespaceOption(
    program.command('search').argument('<query>', 'what to recall, in plain words'),
  )
  addTagOption(command, 'only memories with all these tags')
  addExamples(command, [
    [
      'the five best matches for a question',
      'agent-memory search "how does Alice like answers?" --namespace alice',
    ],
    [
      'the best match and how its score came about',
      'agent-memory search "coffee" -n alice --limit 1 --explain',
    ],
    [
      'what was true on a date, as JSON',
      'agent-memory search "where does Alice live" -n alice --as-of 2024-06-01 --json',
    ],
  ])
  command
    .description(
      'ranked memories for a query, with rank scores (fused legs × modifier, not cosines) and dates',
    )
    .option('-l, --limit <n>', 'how many hits, 1 to 100', integerIn(1, 100), 5)
    .option('--tier <tier>', 'only this tier (repeatable: any of them)', tierList)
    .option('--as-of <date>', 'what was true at that time (ISO 8601), superseded facts included', isoDate)
    .option('--min-score <0..1>', 'drop hits scoring below this', unitInterval)
    .addOption(new Option('--mode <mode>', 'which legs run').choices(['hybrid', 'vector', 'keyword']))
    .option('--explain', 'show how each score came about: fused legs × modifier, each leg, relevance')
    .option('--json', 'print the hits as JSON (always with the per-leg scores)')
    .action(async (query: string, flags: SearchFlags) => {
      const namespace = resolveNamespace(flags.namespace, context.env)
      const filter: MemoryFilter = {}
      if (flags.tier !== undefined) filter.tiers = flags.tier
      const tags = tagsFrom(flags)
      if (tags !== undefined) filter.tags = tags
      if (flags.asOf !== undefined) filter.asOf = flags.asOf
      const options: RecallOptions = { limit: flags.limit, filter, signal: context.signal }
      if (flags.minScore !== undefined) options.minScore = flags.minScore
      if (flags.mode !== undefined) options.mode = flags.mode
      const result = await recallForCommand(context, namespace, query, options)
      if (result.degraded === 'keyword_only') {
        context.io.err('agent-memory: the embedder was unavailable; these are keyword matches only\n')
      }
      if (flags.json === true) {
        writeJson<SearchJson>(context.io, {
          version: 1,
          command: 'search',
          namespace,
          query,
          ...(flags.asOf === undefined ? {} : { asOf: flags.asOf.toISOString() }),
          ...(result.degraded === undefined ? {} : { degraded: result.degraded }),
          hits: result.hits.map((hit, index) => ({
            rank: index + 1,
            score: hit.score,
            scores: hit.scores,
            sources: hit.sources,
            ...(hit.matchedChunk === undefined ? {} : { matchedChunk: hit.matchedChunk }),
            memory: toMemoryJson(hit.memory),
          })),
        })
        return
      }
      if (result.hits.length === 0) {
        context.io.out(`no memories in ${namespace} match "${query}"\n`)
        return
      }
      context.io.out(
        `${result.hits.map((hit, index) => formatRecallHit(hit, index + 1, { explain: flags.explain === true })).join('\n')}\n`,
      )
    })
}
