import { describe, expect, test } from 'vitest'
import { memoryFixture } from '../__fixtures__/memoryFixture.js'
import { commonWordOnlyMatches } from './commonWordOnlyMatches.js'
import { relatedQueryTerms } from './relatedQueryTerms.js'

const memoriesOf = (contents: Record<string, string>) =>
  new Map(Object.entries(contents).map(([id, content]) => [id, memoryFixture({ id, content })]))

const bob = memoriesOf({
  allergy: 'Bob is allergic to shellfish.',
  seat: 'Bob prefers an aisle seat on flights and always checks a bag.',
  marathon: 'Bob is training for the Berlin marathon in September.',
  coffee: 'Bob drinks his coffee black, no sugar.',
})

describe('relatedQueryTerms', () => {
  test('meets a query word in the same stem or a related form, not in a short shared beginning', () => {
    const terms = new Set(['allergy', 'controller', 'year', 'general'])
    expect(relatedQueryTerms('He is allergic to the control panel', terms)).toEqual(
      new Set(['allergy', 'controller']),
    )
    expect(relatedQueryTerms('Years of yearning', new Set(['year']))).toEqual(new Set(['year']))
    expect(relatedQueryTerms('a yearning', new Set(['year']))).toEqual(new Set())
    expect(relatedQueryTerms('the contest', new Set(['controller']))).toEqual(new Set())
    expect(relatedQueryTerms('anything', new Set())).toEqual(new Set())
  })
})

describe('commonWordOnlyMatches', () => {
  test('lists the memories that share only the name every memory holds', () => {
    expect(commonWordOnlyMatches('Does Bob have any allergies?', bob)).toEqual(
      new Set(['seat', 'marathon', 'coffee']),
    )
  })

  test('when no word sets memories apart, lists those whose one shared word every memory holds', () => {
    // "food" and "eat" are in no memory: each is there for "Bob" alone.
    expect(commonWordOnlyMatches('What food can Bob not eat?', bob)).toEqual(new Set(bob.keys()))
    // Every memory holds every word of the question: nothing to tell them apart by, none is listed.
    const both = memoriesOf({ a: 'Bob is allergic to shellfish.', b: "Bob's allergy pills are in the car." })
    expect(commonWordOnlyMatches('Does Bob have allergies?', both)).toEqual(new Set())
    // Memories sharing several words of a question, all of them the same ones, are about it.
    const steak = memoriesOf({ a: 'The user eats steak.', b: 'The user eats steak on Fridays.' })
    expect(commonWordOnlyMatches('What does the user eat? steak or vegetarian', steak)).toEqual(new Set())
    // One or two memories are too few to tell a name from a topic by counting.
    expect(commonWordOnlyMatches('Does Bob have allergies?', memoriesOf({ a: 'Bob likes tea.' }))).toEqual(
      new Set(),
    )
    expect(
      commonWordOnlyMatches(
        'Does Bob have allergies?',
        memoriesOf({ a: 'Bob likes tea.', b: 'Bob is tall.' }),
      ),
    ).toEqual(new Set())
  })

  test('a word most memories hold still sets apart those holding it when it is the rarest held', () => {
    const coffee = memoriesOf({
      a: 'Bob drinks coffee at work.',
      b: 'Bob grinds his coffee beans.',
      c: 'Bob had coffee with Ann.',
      d: 'Bob prefers an aisle seat.',
    })
    expect(commonWordOnlyMatches('Does Bob like coffee?', coffee)).toEqual(new Set(['d']))
  })

  test('a memory sharing no word with the question is left to the other rules', () => {
    const memories = memoriesOf({
      a: 'The user lives in Lisbon.',
      b: 'The user likes green tea.',
      c: '用户喜欢绿茶',
    })
    expect(commonWordOnlyMatches('Where do I live?', memories)).toEqual(new Set())
    expect(commonWordOnlyMatches('what is it?', memories)).toEqual(new Set())
  })
})
