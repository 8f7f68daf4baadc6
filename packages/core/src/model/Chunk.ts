import { z } from 'zod'

/** A segment of a long memory's content with its own vector (see `chunkText`). */
export const ChunkSchema = z.object({
  idx: z.number().int().nonnegative(),
  text: z.string().min(1),
  embedding: z.instanceof(Float32Array),
})
export type Chunk = z.infer<typeof ChunkSchema>
