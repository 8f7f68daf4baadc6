// memory_search's threshold for the offline hashing embedder, through the whole recall pipeline
// (limit 5, the tool's path): for each minScore, the LoCoMo questions that still get an evidence
// turn, the questions that get any answer, and the off-topic questions that (wrongly) get one.
// Run: pnpm --filter @agent-memory/bench... build && node apps/bench/scripts/calibrateToolMinScore.mjs [file]
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { createMemory } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { repoRoot } from '../dist/harness/repoRoot.js'
import { ingestLocomo } from '../dist/locomo/ingestLocomo.js'
import { loadLocomo } from '../dist/locomo/loadLocomo.js'
import { memoizedStore } from '../dist/locomo/memoizedStore.js'
import { OFF_TOPIC_QUESTIONS } from '../dist/locomo/OFF_TOPIC_QUESTIONS.js'
import { embeddedBackend } from '../dist/ours/embeddedBackend.js'

const file = process.argv[2] ?? resolve(repoRoot, '../shared/eval/locomo-dev.json')
const data = loadLocomo(JSON.parse(await readFile(file, 'utf8')))
const embedder = createHashingEmbedder()
const { store, close } = await embeddedBackend(embedder.model).open('calibrate', embedder.dimensions)
try {
  const diaIds = await ingestLocomo(data, store, embedder)
  const memory = createMemory({ store: memoizedStore(store), embedder })
  console.log(`${embedder.model}, limit 5, service defaults`)
  console.log('  minScore | questions with evidence kept | questions answered | off-topic answered')
  for (const minScore of [0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45]) {
    let found = 0
    let answered = 0
    let questions = 0
    let offTopic = 0
    let offTopicAnswered = 0
    for (const [ci, conversation] of data.conversations.entries()) {
      const namespace = `locomo-${conversation.sampleId}`
      for (const question of conversation.questions) {
        const { hits } = await memory.recall(namespace, question.question, { limit: 5, minScore })
        questions++
        if (hits.length) answered++
        const wanted = new Set(question.evidence)
        if (hits.some((hit) => [...(diaIds[ci].get(hit.memory.id) ?? [])].some((id) => wanted.has(id))))
          found++
      }
      for (const question of OFF_TOPIC_QUESTIONS) {
        const { hits } = await memory.recall(namespace, question, { limit: 5, minScore })
        offTopic++
        if (hits.length) offTopicAnswered++
      }
    }
    const pct = (n, d) => `${((n / d) * 100).toFixed(1)}%`
    console.log(
      `  ${minScore.toFixed(2)}     | ${pct(found, questions)} | ${pct(answered, questions)} | ${pct(offTopicAnswered, offTopic)}`,
    )
  }
} finally {
  await close()
}
