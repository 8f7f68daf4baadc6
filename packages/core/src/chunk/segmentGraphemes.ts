/** Grapheme clusters of a text and the UTF-16 offset where each starts (plus `text.length` last). */
export interface GraphemeSegments {
  graphemes: string[]
  offsets: number[]
}

// Node 20's Intl.Segmenter iterates in quadratic time over one long string (100k characters of
// Chinese take ~18 s), so the text is segmented in blocks of this many UTF-16 units.
const DEFAULT_BLOCK_LENGTH = 2048

let segmenter: Intl.Segmenter | undefined

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff
}

// Only ASCII: no code unit of it extends a cluster or is a surrogate.
const ASCII_ONLY = /^[\x00-\x7f]*$/

/**
 * ASCII text needs no segmenter: every character is a cluster of its own except CR LF (rules GB3–GB5;
 * no ASCII character is Extend, SpacingMark, Prepend or ZWJ). Intl.Segmenter costs ~0.3 µs a character
 * here, which made grapheme segmentation the largest cost of chunking an English memory.
 */
function segmentAscii(text: string): GraphemeSegments {
  const graphemes: string[] = []
  const offsets: number[] = []
  for (let i = 0; i < text.length; i++) {
    offsets.push(i)
    if (text.charCodeAt(i) === 13 && text.charCodeAt(i + 1) === 10) {
      graphemes.push('\r\n')
      i++
    } else {
      graphemes.push(text[i]!)
    }
  }
  offsets.push(text.length)
  return { graphemes, offsets }
}

/**
 * Splits `text` into extended grapheme clusters, block by block. Grapheme rules look ahead only one
 * character, so every boundary a block reports is a true boundary except the block's end (blocks start on a
 * boundary and never end inside a surrogate pair): the last
 * cluster of each block is dropped and segmented again at the start of the next block.
 */
export function segmentGraphemes(text: string, blockLength: number = DEFAULT_BLOCK_LENGTH): GraphemeSegments {
  if (ASCII_ONLY.test(text)) return segmentAscii(text)
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  const graphemes: string[] = []
  const offsets: number[] = []
  let from = 0
  let length = blockLength
  while (from < text.length) {
    let to = Math.min(from + length, text.length)
    // A block must not end inside a surrogate pair: the rules need the whole next code point.
    if (to < text.length && isHighSurrogate(text.charCodeAt(to - 1)) && isLowSurrogate(text.charCodeAt(to)))
      to++
    const block = segmenter.segment(text.slice(from, to))
    const found: { segment: string; index: number }[] = []
    for (const { segment, index } of block) found.push({ segment, index })
    const reachesEnd = to === text.length
    if (!reachesEnd && found.length < 2) {
      // One cluster longer than the block (a long run of combining marks): widen and retry.
      length *= 2
      continue
    }
    const keep = reachesEnd ? found.length : found.length - 1
    for (let i = 0; i < keep; i++) {
      graphemes.push(found[i]!.segment)
      offsets.push(from + found[i]!.index)
    }
    from = reachesEnd ? to : from + found[keep]!.index
    length = blockLength
  }
  offsets.push(text.length)
  return { graphemes, offsets }
}
