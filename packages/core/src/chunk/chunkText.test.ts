import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from '../errors/InvalidArgumentError.js'
import { CHUNK_OVERLAP } from './CHUNK_OVERLAP.js'
import { CHUNK_SIZE } from './CHUNK_SIZE.js'
import { chunkSpans } from './chunkSpans.js'
import { chunkText } from './chunkText.js'

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
const graphemesOf = (text: string): string[] => Array.from(segmenter.segment(text), (s) => s.segment)
const isBlank = (grapheme: string): boolean => grapheme.trim() === ''

/**
 * A literal port of the spec's Swift chunkText (`Array(text)` → grapheme array, slice, trim),
 * extended with the boundaries the design adds and with its one deviation: a piece whose trimmed
 * end does not pass the previous piece's end is dropped. Slow and obviously right.
 */
function referenceChunks(text: string, size: number, overlap: number): string[] {
  const chars = graphemesOf(text)
  const chunks: string[] = []
  let previousEnd = -1
  let start = 0
  while (start < chars.length) {
    let end = Math.min(start + size, chars.length)
    if (end < chars.length) {
      const half = start + Math.floor(size / 2)
      for (let i = end - 1; i >= half; i--) {
        const c = chars[i]!
        const cjkOrNewline = ['。', '！', '？', '\n', '\r\n', '\r'].includes(c)
        const latin = ['.', '?', '!'].includes(c) && isBlank(chars[i + 1]!)
        if (cjkOrNewline || latin) {
          end = i + 1
          break
        }
      }
    }
    let first = start
    let last = end
    while (first < last && isBlank(chars[first]!)) first++
    while (last > first && isBlank(chars[last - 1]!)) last--
    if (first < last && last > previousEnd) {
      chunks.push(chars.slice(first, last).join(''))
      previousEnd = last
    }
    if (end >= chars.length) break
    start = Math.max(end - overlap, start + 1)
  }
  return chunks
}

const PIECES = [
  'a',
  'b',
  'word',
  ' ',
  ' ',
  '  ',
  '\n',
  '\r\n',
  '\t',
  '.',
  '. ',
  '? ',
  '! ',
  '3.14',
  '。',
  '！',
  '？',
  '記憶',
  '字',
  'é',
  'e\u0301',
  'n\u0303\u0323',
  '👨‍👩‍👧‍👦',
  '👍🏽',
  '🇫🇷',
  '🇯🇵',
  '🏳️‍🌈',
  '한국어',
  'क्षत्रिय',
]
const textArb = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 200 }).map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
)
const optionsArb = fc
  .integer({ min: 2, max: 40 })
  .chain((size) => fc.record({ size: fc.constant(size), overlap: fc.integer({ min: 0, max: size - 1 }) }))

describe('chunkText', () => {
  it('exports the spec constants', () => {
    expect(CHUNK_SIZE).toBe(400)
    expect(CHUNK_OVERLAP).toBe(80)
  })

  it('matches a literal port of the spec algorithm', () => {
    fc.assert(
      fc.property(textArb, optionsArb, (text, { size, overlap }) => {
        expect(chunkText(text, { size, overlap })).toEqual(referenceChunks(text, size, overlap))
      }),
      { numRuns: 400 },
    )
  })

  it('cuts a hand-checked example exactly as the spec does', () => {
    // size 20, overlap 5: the first window [0, 20) has its last boundary ". " at 11 → cut after it;
    // the next starts at 12 - 5 = 7 and, finding no boundary in [17, 27), runs the full 20 graphemes.
    expect(
      chunkText('Hello world. This is a test! And more text here? Yes.', { size: 20, overlap: 5 }),
    ).toEqual(['Hello world.', 'orld. This is a test', 'test! And more text', 'text here? Yes.'])
    // CJK full stops need no following space; a "." inside a number is not a boundary.
    expect(chunkText('第一句话。第二句话！第三句话？', { size: 8, overlap: 2 })).toEqual([
      '第一句话。',
      '话。第二句话！',
      '话！第三句话？',
    ])
    expect(chunkText('pi is 3.14159 roughly', { size: 10, overlap: 0 })).toEqual([
      'pi is 3.14',
      '159 roughl',
      'y',
    ])
    // The spec's loop would add ".", the tail of "aa." seen again through the overlap: dropped.
    expect(chunkText('aa. ', { size: 3, overlap: 1 })).toEqual(['aa.'])
  })

  it('returns nothing for empty or blank text and one trimmed piece for short text', () => {
    expect(chunkText('')).toEqual([])
    expect(chunkText(' \n\t \r\n ')).toEqual([])
    expect(chunkText('  a short memory  ')).toEqual(['a short memory'])
  })

  it('never returns a chunk longer than size graphemes, nor an empty or untrimmed one', () => {
    fc.assert(
      fc.property(textArb, optionsArb, (text, options) => {
        for (const chunk of chunkText(text, options)) {
          expect(graphemesOf(chunk).length).toBeLessThanOrEqual(options.size)
          expect(chunk.length).toBeGreaterThan(0)
          expect(isBlank(graphemesOf(chunk)[0]!)).toBe(false)
          expect(isBlank(graphemesOf(chunk).at(-1)!)).toBe(false)
        }
      }),
    )
  })

  it('finds every chunk in the text, in order, and covers every non-blank grapheme', () => {
    fc.assert(
      fc.property(textArb, optionsArb, (text, options) => {
        const chunks = chunkText(text, options)
        let cursor = 0
        for (const chunk of chunks) {
          const at = text.indexOf(chunk, cursor)
          expect(at).toBeGreaterThanOrEqual(0)
          cursor = at
        }
        const spans = chunkSpans(text, options)
        expect(spans.map((s) => s.text)).toEqual(chunks)
        let covered = 0
        let offset = 0
        for (const grapheme of graphemesOf(text)) {
          const end = offset + grapheme.length
          if (!isBlank(grapheme)) {
            expect(spans.some((s) => s.start <= offset && end <= s.end)).toBe(true)
            covered++
          }
          offset = end
        }
        if (covered === 0) expect(chunks).toEqual([])
        for (const span of spans) expect(text.slice(span.start, span.end)).toBe(span.text)
        for (let i = 1; i < spans.length; i++) {
          expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.start)
          expect(spans[i]!.end).toBeGreaterThan(spans[i - 1]!.end)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('overlaps consecutive chunks when the overlap region holds text', () => {
    // No two blanks in a row, so an overlap of ≥ 2 graphemes always carries a non-blank one.
    const denseText = fc
      .array(
        fc.tuple(
          fc.constantFrom('a', 'bc', '字', '👍🏽', 'e\u0301', '。'),
          fc.constantFrom('', ' ', '\n', '. ', '? ', '！'),
        ),
        { maxLength: 100 },
      )
      .map((pairs) => pairs.flat().join(''))
    const denseOptions = fc
      .integer({ min: 4, max: 40 })
      .chain((size) => fc.record({ size: fc.constant(size), overlap: fc.integer({ min: 2, max: size - 1 }) }))
    fc.assert(
      fc.property(denseText, denseOptions, (text, options) => {
        const spans = chunkSpans(text, options)
        for (let i = 1; i < spans.length; i++) {
          expect(spans[i]!.start).toBeLessThan(spans[i - 1]!.end)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('is deterministic', () => {
    fc.assert(
      fc.property(textArb, optionsArb, (text, options) => {
        expect(chunkText(text, options)).toEqual(chunkText(text, options))
      }),
    )
  })

  it('chunks English prose at sentence ends in the back half of each window', () => {
    const sentence = 'The user prefers green tea in the morning and avoids coffee after noon. '
    const text = sentence.repeat(20)
    const chunks = chunkText(text)
    expect(chunks.length).toBeGreaterThan(1)
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.endsWith('.')).toBe(true)
      expect(graphemesOf(chunk).length).toBeGreaterThan(CHUNK_SIZE / 2)
      expect(graphemesOf(chunk).length).toBeLessThanOrEqual(CHUNK_SIZE)
    }
    expect(chunks.at(-1)!.endsWith('avoids coffee after noon.')).toBe(true)
  })

  it('chunks Chinese at 。！？ without a following space', () => {
    const text = '用户喜欢在早上喝绿茶，下午不喝咖啡。她住在上海！周末经常去爬山吗？'.repeat(30)
    const chunks = chunkText(text)
    expect(chunks.length).toBeGreaterThan(1)
    for (const chunk of chunks.slice(0, -1)) expect(/[。！？]$/u.test(chunk)).toBe(true)
    expect(chunks.every((c) => graphemesOf(c).length <= CHUNK_SIZE)).toBe(true)
  })

  it('chunks mixed Chinese and English text', () => {
    const text = '项目代号 Atlas 使用 PostgreSQL。The deadline is March 3rd! 负责人是王伟。'.repeat(25)
    const chunks = chunkText(text)
    expect(chunks).toEqual(referenceChunks(text, CHUNK_SIZE, CHUNK_OVERLAP))
    for (const chunk of chunks.slice(0, -1)) expect(/[。！]$/u.test(chunk)).toBe(true)
  })

  it('never splits an emoji ZWJ sequence, a flag, a skin tone or a combining mark', () => {
    const units = ['👨‍👩‍👧‍👦', '🇫🇷', '👍🏽', 'e\u0301', 'n\u0303\u0323', '🏳️‍🌈']
    const text = units.join('').repeat(50)
    for (const size of [2, 3, 7, 10]) {
      for (const chunk of chunkText(text, { size, overlap: 1 })) {
        expect(graphemesOf(chunk).every((g) => units.includes(g))).toBe(true)
        expect(chunk.isWellFormed()).toBe(true)
      }
    }
    // 400 family emoji are 400 graphemes but 4,400 UTF-16 units: one chunk, not eleven.
    expect(chunkText('👨‍👩‍👧‍👦'.repeat(400))).toEqual(['👨‍👩‍👧‍👦'.repeat(400)])
  })

  it('chunks a 100k-character input with every chunk within size and the end reached', () => {
    const text = '长期记忆把稳定的事实保存下来。Long-term memory keeps settled facts! '
      .repeat(2000)
      .slice(0, 100_000)
    const chunks = chunkText(text)
    expect(chunks.length).toBeGreaterThan(100_000 / CHUNK_SIZE)
    // Every chunk is measured, with one assertion: the case stays well within the timeout under load.
    expect(chunks.filter((c) => graphemesOf(c).length > CHUNK_SIZE)).toEqual([])
    expect(text.trimEnd().endsWith(chunks.at(-1)!)).toBe(true)
    expect(text.startsWith(chunks[0]!)).toBe(true)
    const noBoundaries = 'x'.repeat(100_000)
    const plain = chunkText(noBoundaries)
    // Without boundaries each window is full and the next starts 80 before its end.
    expect(plain.length).toBe(Math.ceil((100_000 - CHUNK_OVERLAP) / (CHUNK_SIZE - CHUNK_OVERLAP)))
  })

  it('rejects unusable options with InvalidArgumentError', () => {
    const bad = [
      { size: 1 },
      { size: 0 },
      { size: 2.5 },
      { size: Number.NaN },
      { overlap: -1 },
      { size: 10, overlap: 10 },
      { overlap: 1.5 },
      { size: 100, overlap: 400 },
    ]
    for (const options of bad) {
      let caught: unknown
      try {
        chunkText('text', options)
      } catch (error) {
        caught = error
      }
      expect(InvalidArgumentError.isInstance(caught)).toBe(true)
    }
    expect(() => chunkText(42 as unknown as string)).toThrow(/must be a string/)
    expect(chunkText('abc', { size: 2, overlap: 1 })).toEqual(['ab', 'bc'])
  })
})
