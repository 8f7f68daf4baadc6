import type { ChunkOptions } from './ChunkOptions.js'
import { chunkSpans } from './chunkSpans.js'

/**
 * Splits long content into overlapping pieces for per-segment vectors (the spec's chunker, counted
 * in grapheme clusters): target `size` 400, `overlap` 80, cut at the last natural boundary in the
 * back half of each window, pieces trimmed, empty pieces and pieces contained in the previous
 * one dropped. No piece is longer than `size`
 * graphemes and no surrogate pair, emoji sequence or combining mark is ever split.
 *
 * @throws InvalidArgumentError when `size < 2` or `overlap` is outside `0 ≤ overlap < size`.
 */
export function chunkText(text: string, options?: ChunkOptions): string[] {
  return chunkSpans(text, options).map((span) => span.text)
}
