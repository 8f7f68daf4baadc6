import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { segmentWords } from './segmentWords.js'

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' })
const reference = (text: string) =>
  [...segmenter.segment(text)].filter((part) => part.isWordLike).map((part) => part.segment.toLowerCase())

describe('segmentWords', () => {
  it('cuts ASCII exactly as Intl.Segmenter does', () => {
    const ascii = fc.string({
      unit: fc.constantFrom(...'aZ9_0.\':,;- \n!?"@/$\t'.split('')),
      maxLength: 40,
    })
    fc.assert(
      fc.property(ascii, (text) => {
        expect(segmentWords(text)).toEqual(reference(text))
      }),
      { numRuns: 3000 },
    )
  })

  it('keeps the segmenter for text outside ASCII', () => {
    expect(segmentWords('Café au lait, 東京 tower')).toEqual(reference('Café au lait, 東京 tower'))
    expect(segmentWords("It's 3.14, e.g. a_b:c")).toEqual(["it's", '3.14', 'e.g', 'a_b:c'])
  })
})
