/** One chunk and where it sits in the original text (UTF-16 offsets, `end` exclusive). */
export interface ChunkSpan {
  text: string
  start: number
  end: number
}
