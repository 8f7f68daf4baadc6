import { afterEach, describe, expect, it } from 'vitest'
import { evalEmbedder } from './evalEmbedder.js'

describe('evalEmbedder', () => {
  const saved = process.env.OPENROUTER_API_KEY
  afterEach(() => {
    if (saved === undefined) delete process.env.OPENROUTER_API_KEY
    else process.env.OPENROUTER_API_KEY = saved
  })

  it('names the two offline embedders by kind, and OpenRouter only with a key', () => {
    expect(evalEmbedder('hashing').lexical).toBe(true)
    expect(evalEmbedder('use').lexical).toBe(false)
    delete process.env.OPENROUTER_API_KEY
    expect(() => evalEmbedder('openrouter')).toThrow(/needs OPENROUTER_API_KEY/)
    process.env.OPENROUTER_API_KEY = 'sk-test'
    expect(evalEmbedder('openrouter').model).toBe('openai/text-embedding-3-small')
    expect(() => evalEmbedder('word2vec')).toThrow(/choose one of: hashing, use, openrouter/)
  })
})
