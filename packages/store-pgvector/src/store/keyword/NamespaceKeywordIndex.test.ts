import { describe, expect, it } from 'vitest'
import { NamespaceKeywordIndex } from './NamespaceKeywordIndex.js'

const term = (lexeme: string) => ({ lexeme, parts: [lexeme] })

describe('NamespaceKeywordIndex', () => {
  const index = new NamespaceKeywordIndex()
  for (let i = 0; i < 500; i++) {
    const lexemes = ['common', ...(i % 7 === 0 ? ['rare'] : []), `own${i % 50}`]
    index.put(`d${String(i).padStart(3, '0')}`, { lexemes, tfs: lexemes.map((_, j) => 1 + ((i + j) % 3)) })
  }

  it('gives the same order whether the best few are selected or everything is sorted', () => {
    const terms = [term('common'), term('rare'), term('own3')]
    const full = index.rank(terms, 10_000).head
    expect(full).toHaveLength(500)
    for (const depth of [1, 5, 17, 40]) {
      const ranked = index.rank(terms, depth)
      expect(ranked.head).toEqual(full.slice(0, depth))
      expect([...ranked.head, ...ranked.rest()]).toEqual(full)
    }
  })

  it('matches a compound term only where every part is present, and forgets removed documents', () => {
    const small = new NamespaceKeywordIndex()
    small.put('a', { lexemes: ['e-mail', 'e', 'mail'], tfs: [1, 1, 1] })
    small.put('b', { lexemes: ['e-mail'], tfs: [1] })
    expect(
      small.rank([{ lexeme: 'e-mail', parts: ['e-mail', 'e', 'mail'] }], 10).head.map((d) => d.id),
    ).toEqual(['a'])
    expect(small.rank([{ lexeme: 'e-mail', parts: [] }], 10).head).toEqual([])
    small.remove('a')
    expect(small.rank([term('e-mail')], 10).head.map((d) => d.id)).toEqual(['b'])
    expect(small.size).toBe(1)
  })
})
