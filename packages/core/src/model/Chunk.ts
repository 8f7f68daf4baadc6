import { z } from 'zod'

/** A segment of a long memory's content with its own vector (see `chunkText`). */
export const ChunkSchema = z.object({
  idx: z.number().int().nonnegative(),
  text: z.string().min(1),
  embedding: z.instanceof(Float32Array),
})
/** A slice of a long memory, embedded and searched on its own (`ChunkSchema`). */
export type Chunk = z.infer<typeof ChunkSchema>
