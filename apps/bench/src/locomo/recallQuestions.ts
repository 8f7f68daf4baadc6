import { createMemory, type Embedder, type MemoryServiceOptions, type Store } from '@agent-memory/core'
import type { LocomoData } from './LocomoData.js'
import type { QuestionRecord } from './QuestionRecord.js'
import { scoreRanking } from './scoreRanking.js'

/**
 * Every question of every conversation recalled (limit 10) with the given service options, in
 * order; a question with an `askedAt` over the memories valid then (`ingestLocomo` dates them).
 */
export async function recallQuestions(
  data: LocomoData,
  diaIds: ReadonlyArray<ReadonlyMap<string, ReadonlySet<string>>>,
  store: Store,
  embedder: Embedder,
  mode: 'keyword' | 'vector' | 'hybrid',
  options: MemoryServiceOptions,
): Promise<QuestionRecord[]> {
  const memory = createMemory({ store, embedder, options })
  const records: QuestionRecord[] = []
  for (const [ci, conversation] of data.conversations.entries()) {
    const namespace = `locomo-${conversation.sampleId}`
    for (const question of conversation.questions) {
      const started = process.hrtime.bigint()
      // A question asked inside the conversation sees only what was said before it.
      const result = await memory.recall(namespace, question.question, {
        limit: 10,
        mode,
        ...(question.askedAt ? { filter: { asOf: question.askedAt } } : {}),
      })
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      const ranking = result.hits.map((hit) => diaIds[ci]!.get(hit.memory.id) ?? new Set<string>())
      records.push({
        conversation: ci,
        category: question.category,
        score: scoreRanking(ranking, question.evidence),
        ms,
      })
    }
  }
  // Lands the reinforcements recall queued before the caller closes the store.
  await memory.close()
  return records
}
