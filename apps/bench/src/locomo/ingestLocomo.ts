import { createMemory, type Embedder, type MemoryInput, type Store } from '@agent-memory/core'
import type { LocomoData } from './LocomoData.js'
import { turnContent } from './turnContent.js'

/** Per batch of 256 turns: a slow model on a busy machine embeds a batch's chunks within it. */
const INGEST_EMBED_BUDGET_MS = 30 * 60_000

/** Speakers named by their role in an assistant conversation, and the `metadata.role` written for them. */
const ROLE_OF_SPEAKER: ReadonlyMap<string, string> = new Map([
  ['User', 'user'],
  ['Assistant', 'assistant'],
])

/**
 * Remembers every turn of every conversation in its own namespace (`locomo-<sample_id>`) through
 * the service, as an application would, and returns which dia ids each memory id stands for
 * (an exact duplicate turn merges into one memory), one map per conversation.
 *
 * The service embeds what it stores (each memory's text and, for a long turn, its chunks) with a
 * write budget generous enough for a slow offline model, so no memory is left pending for lack of
 * time; a memory that still is fails the evaluation rather than being scored without its vectors.
 */
export async function ingestLocomo(
  data: LocomoData,
  store: Store,
  embedder: Embedder,
): Promise<Array<Map<string, Set<string>>>> {
  const memory = createMemory({ store, embedder, options: { writeEmbedTimeoutMs: INGEST_EMBED_BUDGET_MS } })
  const out: Array<Map<string, Set<string>>> = []
  for (const conversation of data.conversations) {
    const namespace = `locomo-${conversation.sampleId}`
    // Questions asked inside the conversation are recalled as of their instant (`askedAt`, a
    // filter's `asOf`): each turn is valid from when it was said.
    const asOf = conversation.questions.some((question) => question.askedAt !== null)
    const inputs: MemoryInput[] = conversation.turns.map((turn) => ({
      content: turnContent(turn),
      tier: 'semantic',
      // One conversation is one stream: its turns may lend each other relevance (`lendToNeighbours`).
      metadata: {
        stream: namespace,
        dia_id: turn.diaId,
        speaker: turn.speaker,
        session: turn.session,
        session_date: turn.sessionDate,
        // A user's conversation with an assistant (RealMem) names its speakers by role: the
        // service weighs an assistant's turns by theirs (`RoleOptions`). LoCoMo's speakers are people.
        ...(ROLE_OF_SPEAKER.has(turn.speaker) ? { role: ROLE_OF_SPEAKER.get(turn.speaker) } : {}),
      },
      ...(turn.createdAt ? { createdAt: turn.createdAt } : {}),
      ...(asOf && turn.createdAt ? { validFrom: turn.createdAt } : {}),
    }))
    const diaIdsOf = new Map<string, Set<string>>()
    for (let start = 0; start < inputs.length; start += 256) {
      const results = await memory.rememberMany(namespace, inputs.slice(start, start + 256))
      results.forEach((result, i) => {
        const set = diaIdsOf.get(result.id) ?? new Set<string>()
        set.add(conversation.turns[start + i]!.diaId)
        diaIdsOf.set(result.id, set)
      })
    }
    out.push(diaIdsOf)
  }
  await memory.close()
  const pending = (await store.stats()).reduce((n, s) => n + s.pending, 0)
  if (pending > 0)
    throw new Error(`${pending} memories were stored without a vector: the evaluation would be wrong`)
  return out
}
