import { describe, expect, expectTypeOf, it } from 'vitest'
import { type MemoryInput, MemoryInputSchema } from './MemoryInput.js'

describe('MemoryInput dates', () => {
  it('are typed Date | string, so a wrong shape does not compile', () => {
    expectTypeOf<MemoryInput['validFrom']>().toEqualTypeOf<Date | string | null | undefined>()
    expectTypeOf<MemoryInput['expiresAt']>().toEqualTypeOf<Date | string | null | undefined>()
    expectTypeOf<MemoryInput['validTo']>().toEqualTypeOf<Date | string | null | undefined>()
    // @ts-expect-error an object is not a date
    const nonsense: MemoryInput = { content: 'x', validFrom: { nonsense: true } }
    // @ts-expect-error neither is a boolean
    const flag: MemoryInput = { content: 'x', expiresAt: true }
    // The runtime check stays for callers the types cannot reach (JavaScript, JSON).
    expect(MemoryInputSchema.safeParse(nonsense).success).toBe(false)
    expect(MemoryInputSchema.safeParse(flag).success).toBe(false)
  })

  it('accept a Date or an ISO 8601 string and refuse the rest at run time', () => {
    const parse = (validFrom: unknown) => MemoryInputSchema.safeParse({ content: 'x', validFrom })
    expect(parse('2025-03-01').data?.validFrom).toEqual(new Date('2025-03-01T00:00:00Z'))
    expect(parse('2025-03-01T12:00:00.5+02:00').data?.validFrom).toEqual(new Date('2025-03-01T10:00:00.5Z'))
    const date = new Date('2024-01-02T03:04:05Z')
    expect(parse(date).data?.validFrom).toEqual(date)
    expect(parse(null).data?.validFrom).toBeNull()
    expect(parse('March 5').error?.issues[0]?.message).toMatch(/ISO 8601/u)
    expect(parse('2025-13-45').success).toBe(false)
    expect(parse(new Date('nope')).success).toBe(false)
    expect(parse({ nonsense: true }).error?.issues[0]?.message).toMatch(/ISO 8601.*got object/u)
  })
})
