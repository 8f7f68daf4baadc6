const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]

/**
 * LoCoMo's `"1:56 pm on 8 May, 2023"` (or an ISO day, `"2025-12-15"`, as RealMem dates its
 * sessions: midnight UTC) as a UTC instant; null when it does not parse.
 */
export function parseSessionDate(text: string): Date | null {
  const isoDay = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/.exec(text)
  if (isoDay) {
    const date = new Date(Date.UTC(Number(isoDay[1]), Number(isoDay[2]) - 1, Number(isoDay[3])))
    return Number.isNaN(date.getTime()) ? null : date
  }
  const match = /^\s*(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([a-z]+),?\s+(\d{4})\s*$/i.exec(text)
  if (!match) return null
  const [, hh, mm, meridiem, day, monthName, year] = match
  const month = MONTHS.indexOf(monthName!.toLowerCase())
  if (month < 0) return null
  const hour = (Number(hh) % 12) + (meridiem!.toLowerCase() === 'pm' ? 12 : 0)
  return new Date(Date.UTC(Number(year), month, Number(day), hour, Number(mm)))
}
