import { z } from 'zod'
import { checkDate } from './checkDate.js'

/**
 * A date at the edge: a `Date`, epoch milliseconds or a strict ISO 8601 string (see `checkDate`),
 * out-of-range and impossible dates refused with a sentence instead of a database error later.
 */
export const DateInputSchema = z
  .custom<Date | string | number>(() => true)
  .transform((value, context) => {
    const checked = checkDate(value)
    if ('problem' in checked) {
      context.addIssue({ code: 'custom', message: checked.problem })
      return z.NEVER
    }
    return checked.date
  })
