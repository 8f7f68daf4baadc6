import { InMemoryStore } from '@agent-memory/testkit'
import { describe, expect, test } from 'vitest'
import type { Embedder } from '../../spec/Embedder.js'
import { RANKING_DEFAULTS } from '../RANKING_DEFAULTS.js'
import { resolveServiceContext } from './resolveServiceContext.js'

const embedderOf = (lexical: boolean | undefined): Embedder => ({
  model: 'test',
  dimensions: 4,
  ...(lexical === undefined ? {} : { lexical }),
  embed: async (texts) => texts.map(() => new Float32Array([1, 0, 0, 0])),
})

describe('resolveServiceContext: ranking defaults per kind of embedder', () => {
  const store = new InMemoryStore({ dimensions: 4 })

  test('a lexical embedder gets the lexical set; one that says nothing, or false, the semantic set', () => {
    for (const [lexical, kind] of [
      [true, 'lexical'],
      [false, 'semantic'],
      [undefined, 'semantic'],
    ] as const) {
      const context = resolveServiceContext({ store, embedder: embedderOf(lexical) })
      const expected = RANKING_DEFAULTS[kind]
      expect(context.vectorWeight, kind).toBe(expected.minMaxVectorWeight)
      expect(context.neighbourhood).toMatchObject(expected.neighbourhood)
      expect(context.neighbourhood.streamKey).toBe('stream')
    }
  })

  test("the caller's settings win over either set", () => {
    const context = resolveServiceContext({
      store,
      embedder: embedderOf(undefined),
      options: { minMaxVectorWeight: 0.9, neighbourhood: { share: 0, streamKey: 'conversation' } },
    })
    expect(context.vectorWeight).toBe(0.9)
    expect(context.neighbourhood).toMatchObject({ share: 0, streamKey: 'conversation' })
    expect(context.neighbourhood.perSide).toBe(RANKING_DEFAULTS.semantic.neighbourhood.perSide)
  })
})

describe('resolveServiceContext: the reinforcement waits', () => {
  const store = new InMemoryStore({ dimensions: 4 })

  test('a delay or interval that is not a number of milliseconds a timer can hold is refused, naming the option', () => {
    for (const name of ['reinforceDelayMs', 'reinforceIntervalMs'] as const) {
      for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, '100' as unknown as number]) {
        expect(
          () => resolveServiceContext({ store, embedder: embedderOf(undefined), options: { [name]: bad } }),
          `${name} ${String(bad)}`,
        ).toThrow(new RegExp(`^${name} must be a number of milliseconds`))
      }
      expect(() =>
        resolveServiceContext({ store, embedder: embedderOf(undefined), options: { [name]: 0 } }),
      ).not.toThrow()
    }
  })
})
