import { describe, expect, it } from 'vitest'
import { essentialTerms } from './essentialTerms.js'

describe('essentialTerms (MaxScore)', () => {
  it('keeps the best terms until the rest cannot reach the threshold', () => {
    expect(essentialTerms([5, 3, 1, 0.5], 2)).toBe(2)
    expect(essentialTerms([5, 3, 1, 0.5], 1.6)).toBe(2)
    // A tie with the bound is not below it: such a document could still tie its way in.
    expect(essentialTerms([5, 3, 1, 0.5], 1.5)).toBe(3)
    expect(essentialTerms([5, 3, 1, 0.5], 10)).toBe(0)
  })

  it('needs every term when nothing bounds the result', () => {
    expect(essentialTerms([5, 3, 1], 0)).toBe(3)
    expect(essentialTerms([], 1)).toBe(0)
  })
})
