import { describe, expect, it } from 'vitest'
import { createTestMemory } from '../__fixtures__/createTestMemory.js'
import { TOOL_SENTENCES } from '../definitions/TOOL_SENTENCES.js'
import { runMemorySearch } from './runMemorySearch.js'

/** A user's memories written in one sitting: every one is a time neighbour of the others. */
const CONVERSATION = [
  'The user is vegetarian and avoids all meat',
  'The user prefers answers in TypeScript with strict types',
  'The user runs a half marathon every spring in Lisbon',
  'The user adopted a grey cat called Miso last year',
  'The user works night shifts at a hospital pharmacy',
  'The user is learning Japanese for a trip to Kyoto',
  'The user dislikes meetings before ten in the morning',
  'The user keeps a vegetable garden with tomatoes and basil',
  'The user drives an old blue Volvo estate',
  'The user plays the cello in an amateur orchestra',
]

const OFF_TOPIC = [
  'What is the boiling point of mercury in kelvin?',
  'How do I configure an ingress controller on Kubernetes?',
  'Which club won the 1999 Champions League final?',
  'What is the derivative of the natural logarithm?',
  'How many moons does Neptune have?',
  'Who wrote the Brothers Karamazov?',
  'Which enzyme breaks down lactose?',
  'What is the time complexity of heapsort?',
  'How do I reset the firmware of a network switch?',
  'When did the Byzantine empire collapse?',
]

describe('runMemorySearch: off-topic questions at the calibrated threshold', () => {
  // Whole questions share function words ("the", "of", "what") with any memory, which lifts a lexical
  // embedder's cosine past its threshold; the keyword leg has to agree before a hit counts. A question
  // that shares a content word with a memory ("what year…" / "…last year") is a lexical match and is
  // answered: only a semantic embedder tells those apart.
  it('says the empty sentence for questions sharing no content word with the memories, neighbours included', async () => {
    const { memory } = createTestMemory()
    await memory.rememberMany(
      'u1',
      CONVERSATION.map((content) => ({ content })),
    )
    for (const query of OFF_TOPIC) {
      expect(await runMemorySearch({ query }, { memory, namespace: 'u1' }), query).toBe(
        TOOL_SENTENCES.searchEmpty,
      )
    }
    // The same memories do answer what they are about.
    expect(
      await runMemorySearch({ query: 'What instrument does the user play?' }, { memory, namespace: 'u1' }),
    ).toContain('cello')
  })
})
