import { describe, expect, test, vi } from 'vitest'
import { serviceFixture } from './__fixtures__/serviceFixture.js'

const SHORT = 'Which ryokan did we pick in Kyoto?'
/** A user's whole message: fourteen distinct content words. */
const LONG =
  'Morning. The remittance roadmap is approved, the agents are briefed and the budget is sorted: ' +
  'what is the first step for the licence research, and who should I call this week?'

describe('recall of a long query (longQueries)', () => {
  test('weighs the keyword leg by idf² and reaches twice as deep; a short query is plain BM25', async () => {
    const { memory, store } = serviceFixture()
    await memory.remember('u1', { content: 'We picked the Tawaraya ryokan in Kyoto.' })
    const searchText = vi.spyOn(store, 'searchText')
    await memory.recall('u1', SHORT, { limit: 5 })
    expect(searchText.mock.lastCall![2]).toMatchObject({ limit: 20, idfExponent: 1 })
    await memory.recall('u1', LONG, { limit: 5 })
    expect(searchText.mock.lastCall![2]).toMatchObject({ limit: 40, idfExponent: 2 })
  })

  test('its settings are options, and bad ones fail clearly', async () => {
    const { memory, store } = serviceFixture({
      longQueries: { minTerms: 0, idfExponent: 1.5, candidateFactor: 6 },
    })
    const searchText = vi.spyOn(store, 'searchText')
    await memory.recall('u1', SHORT, { limit: 5 })
    expect(searchText.mock.lastCall![2]).toMatchObject({ limit: 30, idfExponent: 1.5 })
    expect(() => serviceFixture({ longQueries: { idfExponent: 9 } })).toThrow(
      /idfExponent must be a number from 0 to 4/,
    )
    expect(() => serviceFixture({ longQueries: { minTerms: -1 } })).toThrow(/minTerms/)
  })
})
