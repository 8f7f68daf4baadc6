import { fingerprint } from '@agent-memory/core'
import { describe, expect, it } from 'vitest'
import { InMemoryStore } from './InMemoryStore.js'
import { keywordTerms } from './keywordTerms.js'
import { stemEnglish } from './stemEnglish.js'

describe('keywordTerms / stemEnglish', () => {
  it('stems English plurals, -ed and -ing so inflections meet', () => {
    expect(['running', 'runs', 'run'].map(stemEnglish)).toEqual(['run', 'run', 'run'])
    expect(['cats', 'matches', 'hoping', 'agreed'].map(stemEnglish)).toEqual([
      'cat',
      'match',
      'hope',
      'agree',
    ])
  })

  it('drops English stop words and keeps Chinese and Japanese words', () => {
    expect(keywordTerms('What is the Running cat?')).toEqual(['run', 'cat'])
    expect(keywordTerms('我喜欢北京')).toContain('北京')
  })
})

describe('InMemoryStore.searchText', () => {
  const write = (id: string, content: string) => ({
    id,
    tier: 'semantic' as const,
    content,
    fingerprint: fingerprint(content),
    embedding: Float32Array.from([1, 0]),
  })

  it('matches by stem, returns nothing for stop words, and weights a rare term above a common one', async () => {
    const store = new InMemoryStore({ dimensions: 2 })
    const filler = Array.from({ length: 8 }, (_, i) => write(`f${i}`, `coffee with friends number ${i}`))
    await store.upsert('ns', [
      ...filler,
      write('rare', 'she was running to the zeppelin'),
      write('both', 'coffee'),
    ])
    expect((await store.searchText('ns', 'runs', { limit: 5 })).map((hit) => hit.memory.id)).toEqual(['rare'])
    expect(await store.searchText('ns', 'what is the', { limit: 5 })).toEqual([])
    const hits = await store.searchText('ns', 'coffee zeppelin', { limit: 2 })
    expect(hits.map((hit) => hit.memory.id)).toEqual(['rare', 'both'])
  })
})
