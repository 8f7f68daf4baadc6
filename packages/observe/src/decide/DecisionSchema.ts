import { z } from 'zod'

/** One decision as the model sends it; aliases are resolved and checked by `validateDecisions`. */
export const DecisionSchema = z
  .object({
    candidate: z.string().max(16).describe('The candidate alias, e.g. "c1"'),
    action: z.enum(['add', 'relate', 'reinforce', 'supersede', 'ignore']),
    target: z
      .string()
      .max(64)
      .nullable()
      .describe(
        'For relate, reinforce and supersede: the alias of an existing memory shown with this candidate, e.g. "m2"; else null',
      ),
    reason: z.string().max(300).describe('A few words on why'),
  })
  .strict()
export type RawDecision = z.output<typeof DecisionSchema>
