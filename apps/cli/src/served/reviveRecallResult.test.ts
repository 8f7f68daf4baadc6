import { describe, expect, it } from 'vitest'
import { reviveRecallResult } from './reviveRecallResult.js'

describe('reviveRecallResult', () => {
  it('makes every date of a memory a Date again, the optional ones (observedAt included) when set', () => {
    const wire = JSON.parse(
      JSON.stringify({
        hits: [
          {
            memory: {
              id: 'm1',
              createdAt: new Date('2026-01-01T00:00:00Z'),
              updatedAt: new Date('2026-01-02T00:00:00Z'),
              lastAccessedAt: new Date('2026-01-03T00:00:00Z'),
              expiresAt: null,
              validFrom: null,
              validTo: null,
              observedAt: new Date('2026-01-04T00:00:00Z'),
            },
          },
          {
            memory: {
              id: 'm2',
              createdAt: new Date('2026-01-01T00:00:00Z'),
              updatedAt: new Date('2026-01-02T00:00:00Z'),
              lastAccessedAt: new Date('2026-01-03T00:00:00Z'),
              expiresAt: null,
              validFrom: null,
              validTo: null,
              observedAt: null,
            },
          },
        ],
      }),
    )
    const [first, second] = reviveRecallResult(wire).hits
    expect(first!.memory.observedAt).toEqual(new Date('2026-01-04T00:00:00Z'))
    expect(first!.memory.lastAccessedAt).toEqual(new Date('2026-01-03T00:00:00Z'))
    expect(second!.memory.observedAt).toBeNull()
  })
})
