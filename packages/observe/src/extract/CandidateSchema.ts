import { TierSchema } from '@agent-memory/core'
import { z } from 'zod'

const isoDate = z
  .string()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'expected an ISO 8601 date')

/**
 * One memory the extraction model proposes. Every field is required (nullable where it may be
 * absent) because strict structured-output modes demand it; each item is validated on its own, so
 * one malformed item is dropped without losing the others.
 */
export const CandidateSchema = z
  .object({
    content: z
      .string()
      .trim()
      .min(3)
      .max(1000)
      .describe('One standalone sentence in the third person about the user, e.g. "The user is vegetarian."'),
    tier: TierSchema.describe(
      'semantic: lasting fact or preference; procedural: how the user wants things done; episodic: an event; working: matters for hours only',
    ),
    importance: z
      .number()
      .min(0)
      .max(1)
      .describe('0.1..0.9: how much it should shape future answers (0.9: always; 0.1: barely)'),
    validFrom: isoDate.nullable().describe('When it became true, only if the conversation says; else null'),
    validTo: isoDate
      .nullable()
      .describe('When it stops being true, only if the conversation says; else null'),
    tags: z.array(z.string().trim().min(1).max(32)).max(5).describe('Up to 5 short lowercase topic words'),
    source: z.number().int().describe('The "n" of the message the fact comes from'),
  })
  .strict()
export type Candidate = z.output<typeof CandidateSchema>
