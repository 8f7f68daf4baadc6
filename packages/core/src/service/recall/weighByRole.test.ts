import { describe, expect, test } from 'vitest'
import { memoryFixture } from '../__fixtures__/memoryFixture.js'
import { weighByRole } from './weighByRole.js'

const memories = new Map(
  [
    memoryFixture({ id: 'asked', metadata: { role: 'user' } }),
    memoryFixture({ id: 'reply', metadata: { role: 'assistant' } }),
    memoryFixture({ id: 'fact', metadata: {} }),
    memoryFixture({ id: 'odd', metadata: { role: 7 } }),
    memoryFixture({ id: 'proto', metadata: { role: 'constructor' } }),
  ].map((m) => [m.id, m]),
)
const options = { key: 'role', weights: { assistant: 0.8 } }

describe('weighByRole', () => {
  test('a listed role’s memory is multiplied by its weight; every other memory keeps its relevance', () => {
    const relevance = new Map([
      ['asked', 0.9],
      ['reply', 1],
      ['fact', 0.5],
      ['odd', 0.4],
      ['proto', 0.3],
    ])
    const weighed = weighByRole(relevance, memories, options)
    // The reply no longer outranks the user's turn it answers.
    expect(weighed.get('reply')).toBeCloseTo(0.8, 12)
    expect(weighed.get('asked')).toBe(0.9)
    expect(weighed.get('fact')).toBe(0.5)
    expect(weighed.get('odd')).toBe(0.4)
    // A role named like an object's own property is not read from the prototype.
    expect(weighed.get('proto')).toBe(0.3)
    expect(relevance.get('reply')).toBe(1)
  })

  test('reads the role under the configured key, and an unusable weight changes nothing', () => {
    const relevance = new Map([['reply', 1]])
    const speakerMemories = new Map([['reply', memoryFixture({ id: 'reply', metadata: { speaker: 'bot' } })]])
    expect(
      weighByRole(relevance, speakerMemories, { key: 'speaker', weights: { bot: 0.5 } }).get('reply'),
    ).toBe(0.5)
    expect(weighByRole(relevance, memories, options).get('reply')).toBeCloseTo(0.8, 12)
    for (const weight of [Number.NaN, 2, -1])
      expect(weighByRole(relevance, memories, { key: 'role', weights: { assistant: weight } })).toEqual(
        relevance,
      )
  })
})
