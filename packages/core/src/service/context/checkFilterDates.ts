import { checkDate } from '../../model/checkDate.js'
import type { MemoryFilter } from '../../spec/MemoryFilter.js'

const DATE_FIELDS = ['asOf', 'createdAfter', 'accessedAfter'] as const

/**
 * Adds an issue for every filter date a store cannot compare with: not a `Date`, invalid, or
 * outside what PostgreSQL holds (year 0 reached the database as SQLSTATE 22008 instead of a
 * usage error naming the field).
 */
export function checkFilterDates(filter: MemoryFilter | undefined, issues: string[]): void {
  for (const field of DATE_FIELDS) {
    const value: unknown = filter?.[field]
    if (value === undefined) continue
    if (!(value instanceof Date)) {
      issues.push(`filter.${field}: expected a Date`)
      continue
    }
    const checked = checkDate(value)
    if ('problem' in checked) issues.push(`filter.${field}: ${checked.problem}`)
  }
}
