import { describe, expect, it } from 'vitest'
import { rowToMemory } from './rowToMemory.js'

const row = (createdAt: unknown) => ({
  namespace: 'ns',
  id: 'a',
  tier: 'long',
  level: null,
  content: 'text',
  summary: null,
  metadata: {},
  tags: null,
  importance: 0.5,
  created_at: createdAt,
  updated_at: createdAt,
  last_accessed_at: createdAt,
  access_count: 0,
  expires_at: null,
  superseded_by: null,
  valid_from: null,
  valid_to: null,
  confidence: null,
  observed_at: null,
  assessed_importance: null,
  linked_memory_ids: null,
  embed_state: 'embedded',
  fingerprint: 'f',
})

describe('rowToMemory', () => {
  it('reads epoch milliseconds to the whole millisecond below, as the timestamp text parser does', () => {
    // 2026-12-07 03:12:16.123456+00 and 1969-12-31 23:59:59.998500+00.
    expect(rowToMemory(row(1796613136123.456)).createdAt.toISOString()).toBe('2026-12-07T03:12:16.123Z')
    expect(rowToMemory(row(-1.5)).createdAt.toISOString()).toBe('1969-12-31T23:59:59.998Z')
  })

  it('reads epoch milliseconds as text (a replaced float parser), timestamp text and dates alike', () => {
    const at = '2026-12-07T03:12:16.123Z'
    expect(rowToMemory(row('1796613136123.456')).createdAt.toISOString()).toBe(at)
    expect(rowToMemory(row('2026-12-07 03:12:16.123456+00')).createdAt.toISOString()).toBe(at)
    expect(rowToMemory(row(new Date(at))).createdAt.toISOString()).toBe(at)
  })

  it('reads a NULL array column as empty', () => {
    const memory = rowToMemory(row(0))
    expect([memory.tags, memory.linkedMemoryIds]).toEqual([[], []])
  })
})
