import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'
import { REPAIR_TOTALS_JSON } from './REPAIR_TOTALS_JSON.js'
import { RepairIssueJsonSchema } from './RepairIssueJsonSchema.js'

/**
 * `agent-memory repair --json`: totals over every pass (`claimed = repaired + discarded + failed +
 * parked + released`) and what still waits for a vector with the reason (at most 100, oldest first).
 */
export const RepairJsonSchema = jsonDocument('repair', {
  namespace: z.string().optional(),
  ...REPAIR_TOTALS_JSON,
  issues: z.array(RepairIssueJsonSchema),
})
/** The type of `RepairJsonSchema`. */
export type RepairJson = z.infer<typeof RepairJsonSchema>
