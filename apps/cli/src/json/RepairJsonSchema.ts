import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'
import { RepairIssueJsonSchema } from './RepairIssueJsonSchema.js'

const count = z.number().int().nonnegative()

/**
 * `agent-memory repair --json`: totals over every pass (`claimed = repaired + discarded + failed +
 * parked + released`) and what still waits for a vector with the reason (at most 100, oldest first).
 */
export const RepairJsonSchema = jsonDocument('repair', {
  namespace: z.string().optional(),
  claimed: count,
  repaired: count,
  discarded: count,
  failed: count,
  parked: count,
  /** Claimed, then given back unpenalised because the run was interrupted. */
  released: count,
  issues: z.array(RepairIssueJsonSchema),
})
export type RepairJson = z.infer<typeof RepairJsonSchema>
