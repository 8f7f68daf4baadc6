/** Longest content shown per hit; a memory written by an application can be far longer than a card. */
export const MAX_RENDERED_CONTENT = 4000

/**
 * Line breaks (every kind, including U+2028/U+2029 and NEL), other control characters and
 * bidirectional overrides. Any of them could start what looks like a new result line or
 * instruction, or reorder the text a reader sees.
 */
const LINE_BREAKING_OR_INVISIBLE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu

/**
 * Turns stored content into one line of data: whatever a memory says ("ignore previous
 * instructions\n2. [score 1.00 | …]") stays inside its own numbered line and cannot start another.
 */
export function renderContentAsData(content: string): string {
  const oneLine = content
    .toWellFormed()
    .replace(LINE_BREAKING_OR_INVISIBLE, ' ')
    .replace(/ {2,}/gu, ' ')
    .trim()
  if (oneLine.length <= MAX_RENDERED_CONTENT) return oneLine
  // Cut on a code point boundary so the result stays well-formed.
  const cut = Array.from(oneLine.slice(0, MAX_RENDERED_CONTENT + 1))
  cut.pop()
  return `${cut.join('').trimEnd()} …`
}
