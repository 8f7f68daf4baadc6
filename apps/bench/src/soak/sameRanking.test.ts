import type { Memory, ScoredMemory } from '@agent-memory/core'
import { describe, expect, it } from 'vitest'
import { sameRanking } from './sameRanking.js'

const hit = (id: string, score: number): ScoredMemory => ({ memory: { id } as Memory, score })

describe('sameRanking', () => {
  it('accepts the same ranking, and ties ordered either way', () => {
    expect(sameRanking([hit('a', 3), hit('b', 2)], [hit('a', 3 + 1e-9), hit('b', 2)], 1e-6)).toBeNull()
    expect(sameRanking([hit('a', 2), hit('b', 2)], [hit('b', 2), hit('a', 2)], 1e-6)).toBeNull()
  })

  it('names a different score, a different order and a different length', () => {
    expect(sameRanking([hit('a', 3)], [hit('a', 2.9)], 1e-6)).toMatch(/rank 1: score 3 against 2.9/)
    expect(sameRanking([hit('a', 3), hit('b', 2)], [hit('b', 3), hit('a', 2)], 1e-6)).toMatch(/not tied/)
    expect(sameRanking([hit('a', 3)], [], 1e-6)).toMatch(/1 hits against 0/)
  })
})
