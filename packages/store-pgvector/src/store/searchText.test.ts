import { describe, expect, it } from 'vitest'
import { documentText, queryText, queryWords } from './searchText.js'

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

describe('queryText / documentText analysis split', () => {
  it('puts Latin words in the english part and other scripts in the simple part', () => {
    expect(documentText('Running in 東京 café', null, ['naïve'])).toBe('running in café naïve\n東京')
    expect(queryText('北京 coffee')).toBe('coffee\n北京')
    expect(queryText('Привет мир')).toBe('\nпривет мир')
  })

  it('has no analysis text for a query without words', () => {
    expect(queryText("'); -- ()&|!:*")).toBeNull()
    expect(queryText('')).toBeNull()
  })
})
