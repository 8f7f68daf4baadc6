import { describe, expect, it } from 'vitest'
import { checkDate } from './checkDate.js'
import { MemoryInputSchema } from './MemoryInput.js'

const iso = (value: unknown) => {
  const checked = checkDate(value)
  return 'date' in checked ? checked.date.toISOString() : checked.problem
}

describe('checkDate', () => {
  it.each([
    ['2025-03-01', '2025-03-01T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2000-02-29', '2000-02-29T00:00:00.000Z'],
    ['2025-03-01T12:00:00Z', '2025-03-01T12:00:00.000Z'],
    ['2025-03-01 12:00:00.123456z', '2025-03-01T12:00:00.123Z'],
    ['2025-03-01T12:00+0130', '2025-03-01T10:30:00.000Z'],
    ['2025-03-01T12:00:00-05', '2025-03-01T17:00:00.000Z'],
    ['0001-01-01', '0001-01-01T00:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
    [Date.UTC(2025, 2, 1), '2025-03-01T00:00:00.000Z'],
    [new Date(Date.UTC(2025, 2, 1)), '2025-03-01T00:00:00.000Z'],
  ])('reads %j', (value, expected) => {
    expect(iso(value)).toBe(expected)
  })

  it.each([
    ['2023-02-29', /2023-02 has 28 days/],
    ['1900-02-29', /1900-02 has 28 days/],
    ['2025-04-31', /2025-04 has 30 days/],
    ['2025-13-01', /no month 13/],
    ['2025-03-01T24:00:00Z', /not a valid time of day/],
    ['2025-03-01T12:00:00+25:00', /invalid UTC offset/],
    ['0000-01-01', /between 0001-01-01 and 9999-12-31/],
    ['0001-01-01T00:00:00+01:00', /between 0001-01-01 and 9999-12-31/],
    [new Date(Date.UTC(10_000, 0, 1)), /between 0001-01-01 and 9999-12-31/],
    [new Date(Number.NaN), /not a valid date/],
    [Number.POSITIVE_INFINITY, /expected an ISO 8601 date/],
    ['garbage', /expected an ISO 8601 date such as 2025-03-01.*got "garbage"/],
    ['2025-3-1', /expected an ISO 8601 date/],
    [null, /got null/],
    [{}, /got object/],
  ])('refuses %j', (value, message) => {
    expect(iso(value)).toMatch(message)
  })
})

describe('MemoryInputSchema dates', () => {
  it('says what is wrong with a date instead of "expected date, received Date"', () => {
    const parsed = MemoryInputSchema.safeParse({ content: 'x', createdAt: 'garbage' })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['createdAt'],
      message: expect.stringMatching(/expected an ISO 8601 date .*got "garbage"/),
    })
  })

  it('refuses a day the month does not have instead of rolling it over', () => {
    const parsed = MemoryInputSchema.safeParse({ content: 'x', validFrom: '2023-02-29' })
    expect(parsed.error?.issues[0]?.message).toMatch(/2023-02 has 28 days/)
  })

  it('keeps accepting dates, ISO strings and epoch milliseconds', () => {
    const parsed = MemoryInputSchema.parse({
      content: 'x',
      createdAt: '2025-03-01',
      validFrom: new Date(Date.UTC(2025, 0, 1)),
      expiresAt: Date.UTC(2030, 0, 1),
      validTo: null,
    })
    expect(parsed.createdAt?.toISOString()).toBe('2025-03-01T00:00:00.000Z')
    expect(parsed.validFrom?.toISOString()).toBe('2025-01-01T00:00:00.000Z')
    expect(parsed.expiresAt?.toISOString()).toBe('2030-01-01T00:00:00.000Z')
    expect(parsed.validTo).toBeNull()
  })
})
