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
  /** Checked between steps (Ctrl-C). */
  signal?: AbortSignal
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
  // Dates relative to today (at midnight UTC), so the story holds whenever the demo runs.
  const day = (offsetDays: number) => new Date((Math.floor(now.getTime() / DAY_MS) + offsetDays) * DAY_MS)
  const dateOf = (date: Date | null) => (date === null ? 'now' : formatTimestamp(date).slice(0, 10))
  const say = (text = '') => io.out(`${text}\n`)
  const heading = (title: string) => {
    options.signal?.throwIfAborted()
    say(`\n== ${title} ${'='.repeat(Math.max(3, 72 - title.length))}\n`)
  }
  const search = async (namespace: string, query: string, recall: RecallOptions = {}) => {
    const asOf = recall.filter?.asOf
    say(`$ agent-memory search "${query}" --namespace ${namespace}${asOf ? ` --as-of ${dateOf(asOf)}` : ''}`)
    const result = await memory.recall(namespace, query, { limit: 3, ...recall })
    if (result.hits.length === 0) say('   (no memories match)')
    for (const [index, hit] of result.hits.entries()) say(formatRecallHit(hit, index + 1, { compact: true }))
    say()
    return result.hits
  }

  heading('1. Remember')
  say(
    'Two users, two namespaces. An application takes the namespace from its session, never from the model.\n',
  )
  for (const { namespace, input } of DEMO_FACTS) {
    const result = await memory.remember(namespace, input)
    say(
      `  ${namespace.padEnd(5)}  ${result.status.padEnd(10)} ${result.id.slice(0, 13)}…  ${preview(input.content, 62)}`,
    )
  }
  const movedIn = day(-3 * 365)
  const berlin = await memory.remember('alice', {
    content: 'Alice lives in Berlin.',
    tags: ['home'],
    validFrom: movedIn,
  })
  say(
    `  alice  ${berlin.status.padEnd(10)} ${berlin.id.slice(0, 13)}…  Alice lives in Berlin.  (true since ${dateOf(movedIn)})`,
  )
  const again = await memory.remember('bob', {
    content: 'Bob drinks his coffee black, no sugar.',
    tier: 'procedural',
  })
  say(
    `  bob    ${again.status.padEnd(10)} ${again.id.slice(0, 13)}…  the same fact again: reinforced, not stored twice`,
  )

  heading('2. Ingest a document')
  const document = options.documentPath ?? demoAssetPath()
  say(`$ agent-memory ingest ${path.basename(document)} --namespace alice`)
  const first = await ingestFiles({ memory, namespace: 'alice', files: [document] })
  const chunks = (await memory.store.stats('alice')).reduce((sum, stats) => sum + stats.chunks, 0)
  say(
    `  ${first.inserted} memory written, cut by the service into ${chunks} chunks (about 400 characters, 80 overlap),`,
  )
  say('  so a question can match one passage of a long text:\n')
  await search('alice', 'lentil soup recipe')
  const second = await ingestFiles({ memory, namespace: 'alice', files: [document] })
  say(`$ agent-memory ingest ${path.basename(document)} --namespace alice   # again`)
  say(`  ${second.unchanged} unchanged, ${second.inserted} written: re-runs skip content already stored`)

  heading('3. Ranking')
  say('Best first, each with its rank score and date. A rank score is not a cosine: it fuses the keyword')
  say('and vector legs (each scaled by its best hit), times a small bounded modifier for importance and')
  say('recency; `search --explain` shows the parts. This demo uses the offline hashing embedder, which')
  say('matches wording rather than meaning; OPENROUTER_API_KEY switches to semantic embeddings.\n')
  await search('alice', 'Is Alice vegetarian?')
  await search('alice', 'peanut allergy')

  heading('4. Isolation')
  say('The same question for two users: each namespace only ever returns its own memories.\n')
  await search('alice', 'which seat does she prefer on flights?')
  await search('bob', 'which seat does he prefer on flights?')
  const probe = await memory.recall('bob', 'Alice vegetarian peanut allergy Mia lentil soup Berlin', {
    limit: 10,
  })
  const foreign = probe.hits.filter((hit) => hit.memory.namespace !== 'bob').length
  say(
    `  bob searching with Alice's words: ${probe.hits.length} hits, ${foreign} of them from another namespace.`,
  )

  heading('5. A superseded fact')
  const movedOn = day(-60)
  const lisbon = await memory.supersede('alice', berlin.id, {
    content: 'Alice lives in Lisbon now.',
    tags: ['home'],
    validFrom: movedOn,
  })
  say(`$ agent-memory remember "Alice lives in Lisbon now." --supersedes ${berlin.id} --namespace alice`)
  say(
    `  ${lisbon.id.slice(0, 13)}… replaces ${berlin.id.slice(0, 13)}…: the old fact is kept as history, not deleted\n`,
  )
  await search('alice', 'where does Alice live?')
  say(`$ agent-memory history ${lisbon.id} --namespace alice`)
  for (const [index, entry] of (await memory.history('alice', lisbon.id)).entries()) {
    const current = entry.supersededBy === null ? '  (current)' : ''
    say(
      `  ${index + 1}. ${entry.content.padEnd(28)} valid ${dateOf(entry.validFrom)} → ${dateOf(entry.validTo)}${current}`,
    )
  }

  const asOf = day(-365)
  heading(`6. As of ${dateOf(asOf)}`)
  say('What was true a year ago: the superseded fact answers, because it was valid then.\n')
  await search('alice', 'where does Alice live?', { filter: { asOf } })

  heading('7. What the model sees')
  say('The exact text the memory_search tool returns to the model (runMemorySearch). The user comes')
  say('from the session. The number on each line is the rank score of section 3; what decides whether')
  say(`a hit is handed over is its relevance: at least the embedder's minimum score (${memory.minScore}),`)
  say("earned on a word of the question that most memories do not share. Every one of bob's memories")
  say('says "Bob", so a memory that shares only the name with a question is not handed over.\n')
  const calls: Array<{ namespace: string; args: Record<string, unknown> }> = [
    { namespace: 'alice', args: { query: 'Is Alice vegetarian?', limit: 2 } },
    { namespace: 'bob', args: { query: 'Does Bob have any allergies?', limit: 2 } },
    { namespace: 'bob', args: { query: 'favourite pizza topping' } },
    { namespace: 'bob', args: { query: '', limit: 50 } },
  ]
  for (const call of calls) {
    options.signal?.throwIfAborted()
    say(`memory_search ${JSON.stringify(call.args)}   session user: ${call.namespace}`)
    say('--- tool result ---')
    say(await runMemorySearch(call.args, { memory, namespace: call.namespace }))
    say('--- end ---\n')
  }
}
