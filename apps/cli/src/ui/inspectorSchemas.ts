import { MAX_CONTENT_LENGTH, TIERS } from '@agent-memory/core'
import { z } from 'zod'

/** A namespace or memory id taken from a URL: bounded, no control characters. */
const name = z
  .string()
  .min(1)
  .max(512)
  .regex(/^[^\p{Cc}]+$/u, 'must not contain control characters')

/** The JSON API's inputs, validated at the edge (query strings and bodies alike). */
export const inspectorSchemas = {
  namespace: name,
  id: name,
  list: z
    .object({
      tier: z.enum(TIERS).optional(),
      tag: z.string().min(1).max(64).optional(),
      text: z.string().min(1).max(200).optional(),
      superseded: z.enum(['hide', 'show']).default('show'),
      offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
      limit: z.coerce.number().int().min(1).max(100).default(25),
    })
    .strict(),
  search: z
    .object({
      q: z.string().trim().min(1).max(2_000),
      mode: z.enum(['hybrid', 'vector', 'keyword']).default('hybrid'),
      limit: z.coerce.number().int().min(1).max(10).default(5),
      /** The form's checkbox: also list the memories the hits link to. */
      linked: z.literal('on').optional(),
    })
    .strict(),
  supersede: z.object({ content: z.string().trim().min(1).max(MAX_CONTENT_LENGTH) }).strict(),
  repair: z.object({ namespace: name.optional() }).strict(),
}
