import type { Chunk } from '@agent-memory/core'
import { copyVector } from './copyVector.js'

export function copyChunk(chunk: Chunk): Chunk {
  return { idx: chunk.idx, text: chunk.text, embedding: copyVector(chunk.embedding) as Chunk['embedding'] }
}
