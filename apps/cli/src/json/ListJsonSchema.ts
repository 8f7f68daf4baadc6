import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'
import { MemoryJsonSchema } from './MemoryJsonSchema.js'

/** `agent-memory list --json`: one page of `total`; pass `nextCursor` back as `--cursor` for the next one. */
export const ListJsonSchema = jsonDocument('list', {
  namespace: z.string(),
  memories: z.array(MemoryJsonSchema),
  /** Memories the whole listing holds (every page, same filters). */
  total: z.number().int().nonnegative(),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
})
/** The type of `ListJsonSchema`. */
export type ListJson = z.infer<typeof ListJsonSchema>
