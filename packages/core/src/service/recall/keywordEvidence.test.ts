import { describe, expect, test } from 'vitest'
import { memoryFixture } from '../__fixtures__/memoryFixture.js'
import { contentTerms } from './contentTerms.js'
import { keywordEvidence } from './keywordEvidence.js'

const memories = new Map(
  [
    ['cello', 'The user plays the cello in an amateur orchestra'],
    ['cat', 'The user adopted a grey cat called Miso last year'],
    ['garden', 'The user keeps a vegetable garden with tomatoes and basil'],
  ].map(([id, content]) => [id!, memoryFixture({ id: id!, content: content! })]),
)

describe('keywordEvidence', () => {
  test('content terms drop function words and meet across light inflections', () => {
    expect([...contentTerms('Where do I live?')]).toEqual(['liv'])
    expect(contentTerms('The user lives in Lisbon.').has('liv')).toBe(true)
    expect(contentTerms('She is living there').has('liv')).toBe(true)
    expect(contentTerms("What's the user's favourite?")).toEqual(new Set(['user', 'favourit']))
  })

  test('content terms restricted to some terms are exactly those of the full set', () => {
    const texts = [
      "The user's sisters lived in Lisbon; she studies cities, buses and glasses.",
      'Studying the studies: a studied study of living, lives and lived lives.',
      'Ré résumés, naïve cafés — Ünïcödé words, ﬁne ligatures, 2024 numbers and x y z.',
      'played playing plays player e es ies s ss',
    ]
    const words = new Set(texts.flatMap((text) => [...contentTerms(text)]))
    for (const text of texts) {
      const full = contentTerms(text)
      for (const term of [...words, 'x', 'y', 'zzz', 'studi', 'citi', 'liv']) {
        const only = new Set([term, 'user'])
        expect(contentTerms(text, only)).toEqual(new Set([...full].filter((each) => only.has(each))))
      }
    }
  })

  test('weights each query word by its rarity among the candidates, over the whole query', () => {
    const evidence = keywordEvidence('What instrument does the user play?', memories, ['cello', 'cat'])
    // "user" is in every candidate and weighs little; "play" is rare; "instrument" is in none.
    const weight = (df: number) => Math.log(1 + 3 / (df + 0.5))
    const total = weight(0) + weight(3) + weight(1)
    expect(evidence.get('cello')).toBeCloseTo((weight(3) + weight(1)) / total, 12)
    expect(evidence.get('cat')).toBeCloseTo(weight(3) / total, 12)
    // Only the memories the keyword leg matched are judged.
    expect(evidence.has('garden')).toBe(false)
  })

  test('a query of function words only has no evidence', () => {
    expect(keywordEvidence('what is it?', memories, ['cello']).size).toBe(0)
  })
})
