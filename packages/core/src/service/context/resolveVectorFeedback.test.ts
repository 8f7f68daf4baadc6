import { describe, expect, test } from 'vitest'
import { RANKING_DEFAULTS } from '../RANKING_DEFAULTS.js'
import { resolveVectorFeedback } from './resolveVectorFeedback.js'

describe('resolveVectorFeedback', () => {
  test("follows the embedder kind's default, and false turns it off", () => {
    expect(resolveVectorFeedback(undefined, RANKING_DEFAULTS.semantic.vectorFeedback)).toEqual({
      hits: 3,
      weight: 0.5,
    })
    expect(resolveVectorFeedback(undefined, RANKING_DEFAULTS.lexical.vectorFeedback)).toBeNull()
    expect(resolveVectorFeedback(false, RANKING_DEFAULTS.semantic.vectorFeedback)).toBeNull()
  })

  test('a setting left out takes the kind’s value, or the semantic one where the kind has it off', () => {
    expect(resolveVectorFeedback({ weight: 1 }, { hits: 5, weight: 0.25 })).toEqual({ hits: 5, weight: 1 })
    expect(resolveVectorFeedback({ hits: 1 }, RANKING_DEFAULTS.lexical.vectorFeedback)).toEqual({
      hits: 1,
      weight: RANKING_DEFAULTS.semantic.vectorFeedback.weight,
    })
  })
})
