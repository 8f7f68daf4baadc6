import { describe, expect, it } from 'vitest'
import { describeRepairFailure } from './describeRepairFailure.js'

describe('describeRepairFailure (the reason the repair queue stores and get/repair show)', () => {
  it('keeps the error name and first line, never a stack or a key', () => {
    // A plain Error: unlike agent-memory's own errors, its message was never redacted.
    const error = new TypeError(
      'HTTP 401: Invalid credentials. You sent Authorization: Bearer sk-or-v1-0123456789abcdef0123456789abcdef\n    at fetch (node:internal/deps/undici:1:1)',
    )
    const reason = describeRepairFailure(error)
    expect(reason).toMatch(/^TypeError: HTTP 401: Invalid credentials\./u)
    expect(reason).not.toContain('sk-or-v1-0123456789abcdef')
    expect(reason).not.toContain('\n')
    expect(reason).not.toContain('node:internal')
  })

  it('caps a long reason and names a non-error', () => {
    expect(describeRepairFailure(new Error('x'.repeat(5_000))).length).toBe(500)
    expect(describeRepairFailure(undefined)).toBe('embedding failed')
    expect(describeRepairFailure('socket hang up')).toBe('socket hang up')
  })
})
