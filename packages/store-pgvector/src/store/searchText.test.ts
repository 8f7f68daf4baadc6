import { describe, expect, it } from 'vitest'
import { documentText, queryWords } from './searchText.js'

describe('queryWords / documentText', () => {
  it('segments Chinese and Japanese into words and lower-cases Latin text', () => {
    expect(queryWords('I like COFFEE')).toEqual(['i', 'like', 'coffee'])
    expect(queryWords('我喜欢北京').length).toBeGreaterThan(1)
    expect(queryWords('我喜欢北京')).toContain('北京')
    expect(documentText('東京でラーメン', null, ['Tag'])).toContain('ラーメン')
    expect(documentText('東京でラーメン', null, ['Tag'])).toContain('tag')
  })

  it('drops punctuation-only input, duplicates and oversize words, and bounds the count', () => {
    expect(queryWords("'); -- ()&|!:*")).toEqual([])
    expect(queryWords('a a a')).toEqual(['a'])
    expect(queryWords('x'.repeat(500))).toEqual([])
    expect(queryWords(Array.from({ length: 100 }, (_, i) => `w${i}`).join(' '))).toHaveLength(32)
  })
})
