import { z } from 'zod'
import { checkDate } from './checkDate.js'

/**
 * A date at the edge: a `Date`, epoch milliseconds or a strict ISO 8601 string (see `checkDate`),
 * out-of-range and impossible dates refused with a sentence instead of a database error later.
 * Typed `Date | string` so a wrong shape fails to compile in TypeScript; epoch milliseconds stay
 * accepted at run time for JSON callers (a `.jsonl` line), where no type can help.
 */
export const DateInputSchema = z
  .custom<Date | string>(() => true)
  .transform((value, context) => {
    const checked = checkDate(value)
    if ('problem' in checked) {
      context.addIssue({ code: 'custom', message: checked.problem })
      return z.NEVER
    }
    return checked.date
  })
