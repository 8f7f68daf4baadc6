import type { MemoryInput } from '@agent-memory/core'

/** What the demo remembers for its two users, in order. */
export const DEMO_FACTS: ReadonlyArray<{ namespace: 'alice' | 'bob'; input: MemoryInput }> = [
  {
    namespace: 'alice',
    input: { content: 'Alice is vegetarian: no meat and no fish.', tags: ['food'], importance: 0.9 },
  },
  {
    namespace: 'alice',
    input: { content: 'Alice prefers a window seat on long flights.', tags: ['travel'] },
  },
  {
    namespace: 'alice',
    input: {
      content: "Alice's daughter Mia has a peanut allergy.",
      tags: ['food', 'family'],
      importance: 0.9,
    },
  },
  {
    namespace: 'alice',
    input: { content: 'Alice works night shifts as a nurse and sleeps until noon.', tier: 'semantic' },
  },
  {
    namespace: 'alice',
    input: { content: 'Alice asked for vegetarian restaurant ideas in Lisbon.', tier: 'episodic' },
  },
  { namespace: 'bob', input: { content: 'Bob is allergic to shellfish.', tags: ['food'], importance: 0.9 } },
  {
    namespace: 'bob',
    input: { content: 'Bob prefers an aisle seat on flights and always checks a bag.', tags: ['travel'] },
  },
  { namespace: 'bob', input: { content: 'Bob is training for the Berlin marathon in September.' } },
  { namespace: 'bob', input: { content: 'Bob drinks his coffee black, no sugar.', tier: 'procedural' } },
]
