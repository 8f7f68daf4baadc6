import { describe, expect, it } from 'vitest'
import { candidate } from '../__fixtures__/candidate.js'
import { createTestMemory } from '../__fixtures__/createTestMemory.js'
import { promptText } from '../__fixtures__/promptText.js'
import { scriptedModel } from '../__fixtures__/scriptedModel.js'
import { snapshot } from '../__fixtures__/snapshot.js'
import { observe } from './observe.js'

const DAY = 86_400_000

describe('observe: the related outcome (added and linked) and possibly stale links on supersede', () => {
  it('adds a related fact and links it; superseding the old fact lists the linked one as possibly stale', async () => {
    const { memory, clock } = createTestMemory()
    const now = () => clock.now
    const home = (await memory.remember('ada', { content: 'The user lives in Lyon, near the Croix-Rousse.' }))
      .id
    clock.advance(DAY)
    const related = scriptedModel(
      { json: { candidates: [candidate('The user commutes by tram from Lyon Croix-Rousse.', 1)] } },
      { json: { decisions: [{ candidate: 'c1', action: 'relate', target: 'm1', reason: 'same home' }] } },
    )
    const report = await observe(
      memory,
      'ada',
      [{ role: 'user', content: 'I take the tram from Croix-Rousse every day.' }],
      { model: related, now },
    )
    expect(report.refused).toEqual([])
    expect(report.added).toHaveLength(1)
    const commute = report.added[0]!
    expect(commute).toMatchObject({ status: 'inserted', linkedTo: home })
    // The decision call offered the relate action and the home memory under an alias.
    expect(promptText(related, 1)).toContain('"alias": "m1"')
    expect((await memory.get('ada', commute.id!))!.linkedMemoryIds).toEqual([home])
    expect((await memory.get('ada', home))!.linkedMemoryIds).toEqual([commute.id])
    const recalled = await memory.recall('ada', 'where does the user live, Lyon?', {
      limit: 1,
      includeLinked: true,
    })
    expect(recalled.hits.map((hit) => [hit.memory.id, hit.linkedFrom])).toEqual([
      [home, undefined],
      [commute.id, home],
    ])

    clock.advance(30 * DAY)
    const moved = await observe(memory, 'ada', [{ role: 'user', content: 'I moved to Paris last week.' }], {
      model: scriptedModel(
        { json: { candidates: [candidate('The user lives in Paris.', 1)] } },
        { json: { decisions: [{ candidate: 'c1', action: 'supersede', target: 'm1', reason: 'moved' }] } },
      ),
      now,
    })
    expect(moved.superseded).toHaveLength(1)
    expect(moved.superseded[0]).toMatchObject({
      oldId: home,
      possiblyStale: [{ id: commute.id, content: 'The user commutes by tram from Lyon Croix-Rousse.' }],
    })
    // The commute's link now resolves to the new home at recall.
    const fromCommute = await memory.recall('ada', 'how does the user commute, tram?', {
      limit: 1,
      includeLinked: true,
    })
    expect(fromCommute.hits.map((hit) => hit.memory.content)).toEqual([
      'The user commutes by tram from Lyon Croix-Rousse.',
      'The user lives in Paris.',
    ])
  })

  it('a supersede of a fact without links lists nothing as stale', async () => {
    const { memory, clock } = createTestMemory()
    await memory.remember('ada', { content: 'The user drinks green tea.' })
    clock.advance(DAY)
    const report = await observe(memory, 'ada', [{ role: 'user', content: 'I switched to black tea.' }], {
      model: scriptedModel(
        { json: { candidates: [candidate('The user drinks black tea.', 1)] } },
        { json: { decisions: [{ candidate: 'c1', action: 'supersede', target: 'm1', reason: 'changed' }] } },
      ),
      now: () => clock.now,
    })
    expect(report.superseded).toHaveLength(1)
    expect(report.superseded[0]!.possiblyStale).toBeUndefined()
  })

  it('a dry run reports the link without writing; relate without a target is refused', async () => {
    const { memory } = createTestMemory()
    const home = (await memory.remember('ada', { content: 'The user lives in Lyon.' })).id
    const before = await snapshot(memory, 'ada')
    const dry = await observe(memory, 'ada', [{ role: 'user', content: 'I cycle to work in Lyon.' }], {
      model: scriptedModel(
        { json: { candidates: [candidate('The user cycles to work in Lyon.', 1)] } },
        { json: { decisions: [{ candidate: 'c1', action: 'relate', target: 'm1', reason: 'same city' }] } },
      ),
      dryRun: true,
    })
    expect(dry.added).toEqual([{ content: 'The user cycles to work in Lyon.', linkedTo: home }])
    expect(await snapshot(memory, 'ada')).toEqual(before)

    const refused = await observe(memory, 'ada', [{ role: 'user', content: 'I cycle to work in Lyon.' }], {
      model: scriptedModel(
        { json: { candidates: [candidate('The user cycles to work in Lyon.', 1)] } },
        { json: { decisions: [{ candidate: 'c1', action: 'relate', target: null, reason: 'same city' }] } },
      ),
    })
    expect(refused.added).toEqual([])
    expect(refused.refused).toContainEqual(
      expect.objectContaining({ stage: 'decide', reason: 'relate without a target' }),
    )
  })
})
