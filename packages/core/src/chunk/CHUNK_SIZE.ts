/** Target chunk length in grapheme clusters (spec: one card holds one thing). */
export const CHUNK_SIZE = 400
