import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'

/** `agent-memory remember --json`: the id written, or the id of the identical memory reinforced. */
export const RememberJsonSchema = jsonDocument('remember', {
  namespace: z.string(),
  id: z.string(),
  status: z.enum(['inserted', 'updated', 'reinforced']),
  /** Stored without a vector (the embedder was down): `repair` embeds it later. */
  degraded: z.literal('pending_embed').optional(),
  /** Credential-like text was redacted before storing. */
  redacted: z.boolean().optional(),
  /** Live memories this one nearly duplicates (cosine from the embedder's `duplicateScore` up), best first; nothing merged. */
  similar: z.array(z.object({ id: z.string(), score: z.number() }).strict()).optional(),
  /** The id this memory replaced (`--supersedes`). */
  supersedes: z.string().optional(),
})
/** The type of `RememberJsonSchema`. */
export type RememberJson = z.infer<typeof RememberJsonSchema>
