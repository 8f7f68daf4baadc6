import { InvalidArgumentError } from '../errors/InvalidArgumentError.js'
import { CHUNK_OVERLAP } from './CHUNK_OVERLAP.js'
import { CHUNK_SIZE } from './CHUNK_SIZE.js'
import type { ChunkOptions } from './ChunkOptions.js'
import type { ChunkSpan } from './ChunkSpan.js'
import { segmentGraphemes } from './segmentGraphemes.js'

// Boundaries that end a chunk on their own: the CJK full stops and a line break ("\r\n" is one grapheme).
const STANDALONE_BOUNDARIES = new Set(['。', '！', '？', '\n', '\r\n', '\r'])
// Latin sentence ends only count when whitespace follows, so "3.14" or "e.g.x" are not cut.
const LATIN_SENTENCE_ENDS = new Set(['.', '?', '!'])

function isWhitespace(grapheme: string): boolean {
  return grapheme.trim() === ''
}

function checkedOptions(options: ChunkOptions | undefined): { size: number; overlap: number } {
  const size = options?.size ?? CHUNK_SIZE
  const overlap = options?.overlap ?? CHUNK_OVERLAP
  if (!Number.isSafeInteger(size) || size < 2) {
    throw new InvalidArgumentError('size', `chunk size must be an integer of at least 2, got ${String(size)}`)
  }
  if (!Number.isSafeInteger(overlap) || overlap < 0 || overlap >= size) {
    throw new InvalidArgumentError(
      'overlap',
      `chunk overlap must be an integer from 0 to ${size - 1} (below the size ${size}), got ${String(overlap)}`,
    )
  }
  return { size, overlap }
}

/**
 * The spec's chunker (its Swift version: one user-perceived character is one unit), returning where
 * each trimmed chunk sits in `text`. Windows of `size` grapheme clusters end at the last natural
 * boundary in their back half (`。！？`, a line break, or `.?!` followed by whitespace), the next
 * window starts `overlap` graphemes before that end, and the start always moves forward. A piece
 * contained in its predecessor (only overlap and blanks) is dropped. The text
 * is segmented once; each window is scanned once, so long inputs cost time roughly linear in its length.
 */
export function chunkSpans(text: string, options?: ChunkOptions): ChunkSpan[] {
  if (typeof text !== 'string') {
    throw new InvalidArgumentError('text', `text to chunk must be a string, got ${typeof text}`)
  }
  const { size, overlap } = checkedOptions(options)
  const { graphemes, offsets } = segmentGraphemes(text)
  const count = graphemes.length

  const spans: ChunkSpan[] = []
  let start = 0
  while (start < count) {
    let end = Math.min(start + size, count)
    if (end < count) {
      const half = start + Math.floor(size / 2)
      for (let i = end - 1; i >= half; i--) {
        const g = graphemes[i]!
        if (STANDALONE_BOUNDARIES.has(g) || (LATIN_SENTENCE_ENDS.has(g) && isWhitespace(graphemes[i + 1]!))) {
          end = i + 1
          break
        }
      }
    }
    let first = start
    let last = end
    while (first < last && isWhitespace(graphemes[first]!)) first++
    while (last > first && isWhitespace(graphemes[last - 1]!)) last--
    // Drop a piece lying inside the previous one (its window held only overlap and blanks): it adds
    // no text, only a duplicate vector. The spec's loop would emit it; this is the one deviation.
    const previous = spans.at(-1)
    if (first < last && (previous === undefined || offsets[last]! > previous.end)) {
      const from = offsets[first]!
      const to = offsets[last]!
      spans.push({ text: text.slice(from, to), start: from, end: to })
    }
    if (end >= count) break
    start = Math.max(end - overlap, start + 1)
  }
  return spans
}
