import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'

const count = z.number().int().nonnegative()
const text = z.string()

/**
 * `agent-memory observe --json`: one document for the whole transcript (every batch the run took,
 * combined). A run that stops (the model failed, timed out or was interrupted) prints an error
 * document instead, as every command does.
 */
export const ObserveJsonSchema = jsonDocument('observe', {
  namespace: z.string(),
  dryRun: z.boolean(),
  messages: z
    .object({
      total: count,
      /** Already in the ledger: skipped. */
      alreadyObserved: count,
      processed: count,
      /** Left for another run (none unless the batch limit was reached in a dry run). */
      deferred: count,
    })
    .strict(),
  /** `id` is absent in a dry run. */
  added: z.array(
    z
      .object({
        content: text,
        id: z.string().optional(),
        status: z.enum(['inserted', 'updated', 'reinforced']).optional(),
        /** The "related" outcome: the existing memory it was linked to. */
        linkedTo: z.string().optional(),
      })
      .strict(),
  ),
  reinforced: z.array(z.object({ id: z.string(), content: text }).strict()),
  superseded: z.array(
    z
      .object({
        oldId: z.string(),
        previous: text,
        content: text,
        newId: z.string().optional(),
        /** Live memories linked to the old fact, which the change may have made wrong. */
        possiblyStale: z.array(z.object({ id: z.string(), content: text }).strict()).optional(),
      })
      .strict(),
  ),
  ignored: z.array(z.object({ content: text, reason: text }).strict()),
  refused: z.array(
    z
      .object({ stage: z.enum(['extract', 'decide', 'apply']), reason: text, detail: text.optional() })
      .strict(),
  ),
  usage: z.object({ modelCalls: count, inputTokens: count, outputTokens: count }).strict(),
})
/** The type of `ObserveJsonSchema`. */
export type ObserveJson = z.infer<typeof ObserveJsonSchema>
