import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'
import { MemoryJsonSchema } from './MemoryJsonSchema.js'

/** `agent-memory profile --json`: the namespace's profile, in profile order (pinned, procedural, semantic). */
export const ProfileJsonSchema = jsonDocument('profile', {
  namespace: z.string(),
  maxTokens: z.number().int().positive(),
  /** Estimated tokens of `text`. */
  tokens: z.number().int().nonnegative(),
  /** The lines a prompt carries, `- content` each. */
  text: z.string(),
  memories: z.array(MemoryJsonSchema),
})
/** The type of `ProfileJsonSchema`. */
export type ProfileJson = z.infer<typeof ProfileJsonSchema>
