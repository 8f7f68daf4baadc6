import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'

const count = z.number().int().nonnegative()

/** `agent-memory repair --json`: totals over every pass (`claimed = repaired + discarded + failed + parked`). */
export const RepairJsonSchema = jsonDocument('repair', {
  namespace: z.string().optional(),
  claimed: count,
  repaired: count,
  discarded: count,
  failed: count,
  parked: count,
})
export type RepairJson = z.infer<typeof RepairJsonSchema>
