/** How `chunkText` splits a long text into overlapping chunks. */
export interface ChunkOptions {
  /** Longest chunk, in grapheme clusters; at least 2. Default `CHUNK_SIZE` (400). */
  size?: number
  /** Graphemes repeated at the start of the next chunk; 0 ≤ overlap < size. Default `CHUNK_OVERLAP` (80). */
  overlap?: number
}
