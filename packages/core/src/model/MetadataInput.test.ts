import { describe, expect, it } from 'vitest'
import { MemoryInputSchema } from './MemoryInput.js'
import { MAX_METADATA_BYTES, MAX_METADATA_DEPTH, MetadataInputSchema } from './MetadataInput.js'

function nested(depth: number): Record<string, unknown> {
  let node: Record<string, unknown> = { leaf: true }
  for (let i = 1; i < depth; i++) node = { child: node }
  return node
}

describe('MetadataInputSchema', () => {
  it('removes NUL and replaces lone surrogates in keys and values, at any depth', () => {
    const parsed = MetadataInputSchema.parse({
      'k\u0000ey': 'a\u0000b',
      list: ['\ud800x', { inner: 'y\udfff' }],
      n: 1.5,
      ok: true,
      none: null,
      skipped: undefined,
      when: new Date(Date.UTC(2025, 0, 2)),
    })
    expect(parsed).toEqual({
      key: 'ab',
      list: ['\ufffdx', { inner: 'y\ufffd' }],
      n: 1.5,
      ok: true,
      none: null,
      when: '2025-01-02T00:00:00.000Z',
    })
    expect(JSON.stringify(parsed).includes('\\u0000')).toBe(false)
  })

  it(`accepts ${MAX_METADATA_DEPTH} levels and refuses 5,000 without overflowing the stack`, () => {
    expect(MetadataInputSchema.safeParse(nested(MAX_METADATA_DEPTH)).success).toBe(true)
    for (const depth of [MAX_METADATA_DEPTH + 1, 5000]) {
      const parsed = MetadataInputSchema.safeParse(nested(depth))
      expect(parsed.error?.issues[0]?.message).toBe(`nested deeper than ${MAX_METADATA_DEPTH} levels`)
    }
  })

  it('refuses metadata over the size limit and values JSON cannot hold, naming where', () => {
    const big = MetadataInputSchema.safeParse({ blob: 'x'.repeat(MAX_METADATA_BYTES) })
    expect(big.error?.issues[0]?.message).toMatch(/bytes as JSON, over the limit of 65536/)
    expect(MetadataInputSchema.safeParse({ a: { b: [1, Number.NaN] } }).error?.issues[0]?.message).toBe(
      'a.b[1]: NaN is not a JSON number',
    )
    expect(MetadataInputSchema.safeParse({ f: () => 1 }).error?.issues[0]?.message).toBe(
      'f: a function is not a JSON value',
    )
    expect(MetadataInputSchema.safeParse({ n: 10n }).error?.issues[0]?.message).toBe(
      'n: a bigint is not a JSON value',
    )
  })

  it('is what a write validates: the issue names the metadata field', () => {
    const parsed = MemoryInputSchema.safeParse({ content: 'x', metadata: nested(5000) })
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['metadata'], message: /nested deeper/ })
    const clean = MemoryInputSchema.parse({ content: 'x', metadata: { note: 'a\u0000\ud800' } })
    expect(clean.metadata).toEqual({ note: 'a\ufffd' })
  })
})
