import { CHUNK_SIZE } from '../../chunk/CHUNK_SIZE.js'
import { chunkText } from '../../chunk/chunkText.js'
import type { ServiceContext } from './ServiceContext.js'

/** The chunk texts of a memory's content: none when it fits in one chunk. */
export function chunkTextsOf(context: ServiceContext, content: string): string[] {
  // A text of at most `size` UTF-16 units has at most `size` graphemes: one window, never more
  // than one piece, so it needs no grapheme segmentation (most memories are this short). The
  // empty text still goes through the chunker so bad options fail here as they do for long text.
  if (content.length <= (context.chunking?.size ?? CHUNK_SIZE)) {
    chunkText('', context.chunking)
    return []
  }
  const pieces = chunkText(content, context.chunking)
  return pieces.length > 1 ? pieces : []
}
