import { z } from 'zod'

const count = z.number().int().nonnegative()

/**
 * The repair totals (core's `RepairReport` summed over every pass) that `repair --json` and
 * `reembed --json` both report: `claimed = repaired + discarded + failed + parked + released`.
 */
export const REPAIR_TOTALS_JSON = {
  claimed: count,
  repaired: count,
  discarded: count,
  failed: count,
  parked: count,
  /** Claimed, then given back unpenalised because the run was interrupted. */
  released: count,
}
