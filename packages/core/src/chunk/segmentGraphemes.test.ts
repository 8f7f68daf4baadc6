import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { segmentGraphemes } from './segmentGraphemes.js'

const whole = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
function reference(text: string): string[] {
  return Array.from(whole.segment(text), (s) => s.segment)
}

// Pieces that stress cluster rules: ZWJ families, flags (regional-indicator parity), skin tones,
// combining marks, CRLF, Hangul jamo, lone surrogates, Indic conjuncts.
const TRICKY = [
  'a',
  ' ',
  '\n',
  '\r',
  '\r\n',
  '。',
  'é',
  'e\u0301',
  '\u0301',
  '\u0301\u0302',
  '👨‍👩‍👧‍👦',
  '\u200d',
  '👍🏽',
  '🏽',
  '🇫🇷',
  '🇩',
  '\u1100',
  '\u1161',
  '\u11a8',
  '한',
  '\ud83d',
  '\ude00',
  'क्ष',
  '\u094d',
  'क',
  '字',
  '🏳️‍🌈',
  '\ufe0f',
]
const trickyText = fc.array(fc.constantFrom(...TRICKY), { maxLength: 60 }).map((parts) => parts.join(''))

describe('segmentGraphemes', () => {
  it('segments ASCII text (its own path) exactly as the segmenter does, CR LF included', () => {
    const ascii = fc.string({ unit: fc.constantFrom(...'ab .!?\t\n\r\r\n\u0000\u007f'.split('')) })
    fc.assert(
      fc.property(fc.oneof(ascii, fc.string({ unit: 'binary-ascii' })), (text) => {
        const { graphemes, offsets } = segmentGraphemes(text)
        expect(graphemes).toEqual(reference(text))
        expect(offsets).toHaveLength(graphemes.length + 1)
        for (const [i, g] of graphemes.entries()) expect(text.slice(offsets[i], offsets[i + 1])).toBe(g)
      }),
      { numRuns: 500 },
    )
  })

  it('agrees with segmenting the whole text at once, whatever the block length', () => {
    fc.assert(
      fc.property(
        fc.oneof(trickyText, fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })),
        fc.integer({ min: 1, max: 9 }),
        (text, block) => {
          const { graphemes, offsets } = segmentGraphemes(text, block)
          expect(graphemes).toEqual(reference(text))
          expect(offsets).toHaveLength(graphemes.length + 1)
          expect(offsets.at(-1)).toBe(text.length)
          for (const [i, g] of graphemes.entries()) expect(text.slice(offsets[i], offsets[i + 1])).toBe(g)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('keeps a cluster longer than a block whole', () => {
    const zalgo = `x${'\u0301'.repeat(5000)}`
    const text = `a${zalgo}b`
    const { graphemes } = segmentGraphemes(text, 16)
    expect(graphemes).toEqual(['a', zalgo, 'b'])
  })

  it('returns no graphemes for empty text', () => {
    expect(segmentGraphemes('')).toEqual({ graphemes: [], offsets: [0] })
  })
})
