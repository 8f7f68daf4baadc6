import { chunkText } from '../../chunk/chunkText.js'
import type { ServiceContext } from './ServiceContext.js'

/** The chunk texts of a memory's content: none when it fits in one chunk. */
export function chunkTextsOf(context: ServiceContext, content: string): string[] {
  const pieces = chunkText(content, context.chunking)
  return pieces.length > 1 ? pieces : []
}
