import path from 'node:path'
import type { MemoryService, RecallOptions } from '@agent-memory/core'
import { runMemorySearch } from '@agent-memory/tool-memory-search'
import type { CliIo } from '../cli/CliIo.js'
import { ingestFiles } from '../ingest/ingestFiles.js'
import { formatRecallHit } from '../output/formatRecallHit.js'
import { formatTimestamp } from '../output/formatTimestamp.js'
import { preview } from '../output/preview.js'
import { DEMO_FACTS } from './DEMO_FACTS.js'
import { demoAssetPath } from './demoAssetPath.js'

export interface RunDemoOptions {
  io: CliIo
  memory: MemoryService
  /** The document to ingest (default: the bundled kitchen notes). */
  documentPath?: string
  now?: () => Date
}

const DAY_MS = 86_400_000

/**
 * The scripted walkthrough: remember facts for two users, ingest a document, then show ranking,
 * isolation, a superseded fact, an as-of query and the exact text `memory_search` hands a model.
 * Everything goes through the same service and tool code an application uses.
 */
export async function runDemo(options: RunDemoOptions): Promise<void> {
  const { io, memory } = options
  const now = options.now?.() ?? new Date()
  const day = (offsetDays: number) => new Date(Math.floor(now.getTime() / DAY_MS + offsetDays) * DAY_MS)
  const say = (text = '') => io.out(`${text}\n`)
  const heading = (title: string) => say(`\n== ${title} ${'='.repeat(Math.max(3, 72 - title.length))}\n`)
  const search = async (namespace: string, query: string, recall: RecallOptions = {}) => {
    say(`$ agent-memory search "${query}" --namespace ${namespace}${recall.filter?.asOf ? ` --as-of ${formatTimestamp(recall.filter.asOf).slice(0, 10)}` : ''}`)
    const result = await memory.recall(namespace, query, { limit: 3, ...recall })
    if (result.hits.length === 0) say('   (no memories match)')
    for (const [index, hit] of result.hits.entries()) say(formatRecallHit(hit, index + 1))
    say()
    return result.hits
  }

  heading('1. Remember')
  say('Two users, two namespaces. The namespace comes from the session, never from the model.\n')
  for (const { namespace, input } of DEMO_FACTS) {
    const result = await memory.remember(namespace, input)
    say(`  ${namespace.padEnd(5)}  ${result.status.padEnd(8)}  ${result.id.slice(0, 13)}…  ${preview(input.content, 60)}`)
  }
  const cityFrom = day(-3 * 365)
  const berlin = await memory.remember('alice', {
    content: 'Alice lives in Berlin.',
    tags: ['home'],
    validFrom: cityFrom,
    createdAt: cityFrom,
  })
  say(`  alice  ${berlin.status.padEnd(8)}  ${berlin.id.slice(0, 13)}…  Alice lives in Berlin. (true since ${formatTimestamp(cityFrom).slice(0, 10)})`)
  const again = await memory.remember('alice', { content: 'Alice is vegetarian: no meat and no fish.' })
  say(`  alice  ${again.status.padEnd(8)}  ${again.id.slice(0, 13)}…  the same fact again: an exact duplicate is reinforced, not stored twice`)

  heading('2. Ingest a document')
  const document = options.documentPath ?? demoAssetPath()
  say(`$ agent-memory ingest ${path.basename(document)} --namespace alice`)
  const first = await ingestFiles({ memory, namespace: 'alice', files: [document] })
  const chunks = (await memory.store.stats('alice')).reduce((sum, stats) => sum + stats.chunks, 0)
  say(`  ${first.inserted} memory written; the service cut it into ${chunks} chunks (about 400 characters, 80 overlap)`)
  say('  so a question can match one passage of a long text.')
  const second = await ingestFiles({ memory, namespace: 'alice', files: [document] })
  say(`  ingest again: ${second.unchanged} unchanged, ${second.inserted} written (re-runs skip unchanged content)`)

  heading('3. Ranking')
  say('Hits come best first, with a score in [0, 1] and the date. This demo runs the offline hashing')
  say('embedder: it matches wording, not meaning (set OPENROUTER_API_KEY for semantic embeddings).\n')
  await search('alice', 'what food is Alice allergic to or avoids?')
  await search('alice', 'how long to simmer the lentil soup?')

  heading('Isolation')
  say('The same question in two namespaces: each user only ever sees their own memories.\n')
  await search('alice', 'which seat does she prefer on flights?')
  await search('bob', 'which seat does he prefer on flights?')
  const leaked = await memory.recall('bob', 'Mia peanut allergy vegetarian lentil soup', { limit: 10 })
  const foreign = leaked.hits.filter((hit) => hit.memory.namespace !== 'bob').length
  say(`  bob searching for Alice's words: ${leaked.hits.length} hits, ${foreign} from another namespace.`)

  heading('4. A superseded fact')
  const movedFrom = day(-60)
  const lisbon = await memory.supersede('alice', berlin.id, {
    content: 'Alice moved to Lisbon.',
    tags: ['home'],
    validFrom: movedFrom,
  })
  say(`$ agent-memory remember "Alice moved to Lisbon." --supersedes ${berlin.id} --namespace alice`)
  say(`  ${lisbon.id.slice(0, 13)}… replaces ${berlin.id.slice(0, 13)}… (kept as history, closed today)\n`)
  await search('alice', 'where does Alice live?')
  const chain = await memory.history('alice', lisbon.id)
  say(`$ agent-memory history ${lisbon.id} --namespace alice`)
  for (const [index, entry] of chain.entries()) {
    const window = `${formatTimestamp(entry.validFrom).slice(0, 10)} → ${entry.validTo === null ? 'now' : formatTimestamp(entry.validTo).slice(0, 10)}`
    say(`  ${index + 1}. ${entry.content.padEnd(24)} valid ${window}${entry.supersededBy === null ? '  (current)' : ''}`)
  }

  const asOf = day(-365)
  heading(`As of ${formatTimestamp(asOf).slice(0, 10)}`)
  say('What was true back then: the superseded fact answers, the newer one did not exist yet.\n')
  await search('alice', 'where does Alice live?', { filter: { asOf } })

  heading('5. What the model sees (memory_search)')
  say('The exact text the memory_search tool returns to the model, via runMemorySearch.\n')
  const calls: Array<{ namespace: string; args: Record<string, unknown> }> = [
    { namespace: 'alice', args: { query: 'food restrictions for Alice and her daughter', limit: 3 } },
    { namespace: 'bob', args: { query: 'favourite pizza topping' } },
    { namespace: 'bob', args: { query: '', limit: 50 } },
  ]
  for (const call of calls) {
    say(`memory_search ${JSON.stringify(call.args)}  (session user: ${call.namespace})`)
    say('--- tool result ---')
    say(await runMemorySearch(call.args, { memory, namespace: call.namespace }))
    say('--- end ---\n')
  }
}
