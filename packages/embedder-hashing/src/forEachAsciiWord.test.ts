import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { forEachAsciiWord } from './forEachAsciiWord.js'

const segmenter = new Intl.Segmenter('und', { granularity: 'word' })

function viaSegmenter(text: string): string[] {
  const out: string[] = []
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (isWordLike) out.push(`w:${segment}`)
    else if (/\S/.test(segment)) for (const char of segment) out.push(`o:${char}`)
  }
  return out
}

function viaFastPath(text: string): string[] {
  const out: string[] = []
  forEachAsciiWord(
    text,
    (start, end) => out.push(`w:${text.slice(start, end)}`),
    (start, end) => out.push(`o:${text.slice(start, end)}`),
  )
  return out
}

describe('forEachAsciiWord', () => {
  it('matches Intl.Segmenter on hand-picked edge cases', () => {
    for (const text of [
      "don't e.g. a:b 1,000.5 12:30 foo_bar ___ a_.b 3pm 'tis a..b",
      'https://x.com/a_b?q=1',
      '',
    ]) {
      expect(viaFastPath(text)).toEqual(viaSegmenter(text))
    }
  })

  it('matches Intl.Segmenter on random ASCII text', () => {
    const alphabet = fc.constantFrom(...'ab Z09_.,;:\'"-/?!#\t\n()'.split(''))
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (chars) => {
        const text = chars.join('')
        expect(viaFastPath(text)).toEqual(viaSegmenter(text))
      }),
      { numRuns: 2000 },
    )
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 40 }), (text) => {
        expect(viaFastPath(text)).toEqual(viaSegmenter(text))
      }),
      { numRuns: 2000 },
    )
  })
})
