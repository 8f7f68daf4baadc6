/** The instants every store can hold: PostgreSQL has no year 0, and ISO strings past 9999 need a sign. */
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z')
const LATEST = Date.parse('9999-12-31T23:59:59.999Z')
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i
const EXPECTED = 'expected an ISO 8601 date such as 2025-03-01 or 2025-03-01T12:00:00Z'

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!
}

function inRange(date: Date): { date: Date } | { problem: string } {
  const time = date.getTime()
  if (Number.isNaN(time)) return { problem: 'not a valid date' }
  if (time < EARLIEST || time > LATEST) {
    return { problem: 'out of range: dates must fall between 0001-01-01 and 9999-12-31' }
  }
  return { date }
}

/**
 * Checks a date given as a `Date`, milliseconds since the epoch, or an ISO 8601 string, and
 * returns it as a `Date` or says what is wrong in one phrase. Strings are read strictly: a day
 * the month does not have (`2023-02-29`) is refused rather than rolled over into the next month,
 * as `new Date` would. A string without a zone keeps JavaScript's reading (date-only is UTC,
 * date-time is local).
 */
export function checkDate(value: unknown): { date: Date } | { problem: string } {
  if (value instanceof Date) return inRange(value)
  if (typeof value === 'number') {
    return Number.isFinite(value) ? inRange(new Date(value)) : { problem: `${EXPECTED}, got ${value}` }
  }
  if (typeof value !== 'string')
    return { problem: `${EXPECTED}, got ${value === null ? 'null' : typeof value}` }
  const text = value.trim()
  const match = ISO_DATE.exec(text)
  if (match === null) {
    const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text
    return { problem: `${EXPECTED}, got ${JSON.stringify(shown)}` }
  }
  const [, year, month, day, hour, minute, second, , zone] = match
  const y = Number(year)
  const m = Number(month)
  if (m < 1 || m > 12) return { problem: `${text} has no month ${month}` }
  if (Number(day) < 1 || Number(day) > daysIn(y, m)) {
    return { problem: `${text} is not a calendar date: ${year}-${month} has ${daysIn(y, m)} days` }
  }
  if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59)) {
    return { problem: `${text} is not a valid time of day` }
  }
  let normalized = text.replace(' ', 'T').toUpperCase()
  if (zone !== undefined && /^[+-]/.test(zone)) {
    const digits = zone.slice(1).replace(':', '')
    const [hours, minutes] = [Number(digits.slice(0, 2)), Number(digits.slice(2) || 0)]
    if (hours > 23 || minutes > 59) return { problem: `${text} has an invalid UTC offset` }
    normalized = `${normalized.slice(0, -zone.length)}${zone[0]}${digits.slice(0, 2)}:${digits.slice(2) || '00'}`
  }
  // Year 0 and friends pass the pattern; the range check refuses them (JavaScript would not).
  return inRange(new Date(normalized))
}
