import { describe, expect, it } from 'vitest'
import { candidate } from '../__fixtures__/candidate.js'
import { createTestMemory } from '../__fixtures__/createTestMemory.js'
import { promptText } from '../__fixtures__/promptText.js'
import { scriptedModel } from '../__fixtures__/scriptedModel.js'
import { snapshot } from '../__fixtures__/snapshot.js'
import { observe } from './observe.js'

const DAY = 86_400_000

describe('observe: add, reinforce, supersede, ignore', () => {
  it('adds a stated preference, then reinforces it when it is stated again (confidence grows)', async () => {
    const { memory, clock } = createTestMemory()
    const first = scriptedModel(
      { json: { candidates: [candidate('The user prefers tea over coffee.', 1, { tags: ['Drinks'] })] } },
      { json: { decisions: [{ candidate: 'c1', action: 'add', target: null, reason: 'new' }] } },
    )
    const added = await observe(memory, 'ada', [{ role: 'user', content: 'I prefer tea over coffee.' }], {
      model: first,
    })
    expect(added.failure).toBeUndefined()
    expect(added.added).toHaveLength(1)
    const id = added.added[0]!.id!
    const stored = await memory.get('ada', id)
    expect(stored).toMatchObject({
      content: 'The user prefers tea over coffee.',
      tier: 'semantic',
      level: 'explicit',
      tags: ['drinks'],
      metadata: { source: 'observe' },
    })
    // Extraction saw the message inside the fenced conversation; the decision saw no ids.
    expect(promptText(first, 0)).toContain('"text": "I prefer tea over coffee."')
    expect(promptText(first, 1)).not.toContain(id)

    clock.advance(7 * DAY)
    const second = scriptedModel(
      { json: { candidates: [candidate('The user likes tea more than coffee.', 2)] } },
      { json: { decisions: [{ candidate: 'c1', action: 'reinforce', target: 'm1', reason: 'same fact' }] } },
    )
    const reinforced = await observe(
      memory,
      'ada',
      [
        { role: 'user', content: 'What should I drink this afternoon?' },
        { role: 'user', content: 'Tea, as always: I like it more than coffee.' },
      ],
      { model: second },
    )
    expect(reinforced.reinforced).toEqual([{ id, content: 'The user prefers tea over coffee.' }])
    expect(reinforced.added).toEqual([])
    // The decision prompt showed the existing memory by its alias only.
    const decision = promptText(second, 1)
    expect(decision).toContain('"alias": "m1"')
    expect(decision).toContain('The user prefers tea over coffee.')
    expect(decision).not.toContain(id)
    const after = await memory.get('ada', id)
    expect(after!.confidence!).toBeGreaterThan(stored!.confidence!)
    expect(await memory.list('ada')).toHaveLength(1)
  })

  it("keeps the model's judgement of importance as assessedImportance in [0.1, 0.9], importance the default", async () => {
    const { memory } = createTestMemory()
    const model = scriptedModel(
      {
        json: {
          candidates: [
            candidate('The user is allergic to peanuts.', 1, { importance: 1 }),
            candidate('The user mentioned the weather.', 1, { importance: 0 }),
            candidate('The user plays the cello.', 1, { importance: 0.6 }),
          ],
        },
      },
      {
        json: {
          decisions: ['c1', 'c2', 'c3'].map((c) => ({
            candidate: c,
            action: 'add',
            target: null,
            reason: 'new',
          })),
        },
      },
    )
    const report = await observe(memory, 'ada', [{ role: 'user', content: 'Peanuts, weather, cello.' }], {
      model,
    })
    expect(report.added).toHaveLength(3)
    const byContent = new Map((await memory.list('ada')).map((m) => [m.content, m]))
    expect(byContent.get('The user is allergic to peanuts.')).toMatchObject({
      importance: 0.5,
      assessedImportance: 0.9,
    })
    expect(byContent.get('The user mentioned the weather.')).toMatchObject({
      importance: 0.5,
      assessedImportance: 0.1,
    })
    expect(byContent.get('The user plays the cello.')).toMatchObject({
      importance: 0.5,
      assessedImportance: 0.6,
    })
  })

  it('shows the decision step which existing memories a candidate nearly duplicates', async () => {
    const { memory } = createTestMemory()
    const tea = await memory.remember('ada', { content: 'The user likes green tea.' })
    await memory.remember('ada', { content: 'The user repairs vintage bicycles on weekends.' })
    const model = scriptedModel(
      {
        json: {
          candidates: [
            candidate('The user really likes green tea.', 1),
            candidate('The user collects old radios.', 1),
          ],
        },
      },
      {
        json: {
          decisions: [
            { candidate: 'c1', action: 'reinforce', target: 'm1', reason: 'same fact' },
            { candidate: 'c2', action: 'add', target: null, reason: 'new' },
          ],
        },
      },
    )
    const report = await observe(memory, 'ada', [{ role: 'user', content: 'Green tea; old radios.' }], {
      model,
    })
    expect(report.reinforced.map((r) => r.id)).toEqual([tea.id])
    const text = promptText(model, 1)
    const fenced = text.slice(
      text.lastIndexOf('<memories>\n') + '<memories>\n'.length,
      text.lastIndexOf('\n</memories>'),
    )
    const prompt = JSON.parse(fenced) as {
      candidates: Array<{ candidate: string; existing: Array<{ content: string; nearDuplicate?: number }> }>
    }
    const [c1, c2] = prompt.candidates
    const teaShown = c1!.existing.find((m) => m.content.includes('green tea'))!
    expect(teaShown.nearDuplicate).toBeGreaterThanOrEqual(memory.duplicateScore)
    expect(c1!.existing.filter((m) => m.nearDuplicate !== undefined)).toHaveLength(1)
    // Sharing a word or two is not a near-duplicate.
    expect(c2!.existing.length).toBeGreaterThan(0)
    expect(c2!.existing.every((m) => m.nearDuplicate === undefined)).toBe(true)
  })

  it('supersedes a changed fact: the old validity ends where the new one starts; asOf answers each', async () => {
    const { memory, clock } = createTestMemory()
    await observe(memory, 'ada', [{ role: 'user', content: 'I live in Berlin.' }], {
      model: scriptedModel(
        { json: { candidates: [candidate('The user lives in Berlin.', 1)] } },
        { json: { decisions: [{ candidate: 'c1', action: 'add', target: null, reason: 'new' }] } },
      ),
    })
    const [berlin] = await memory.list('ada')
    clock.advance(30 * DAY)
    const moved = await observe(
      memory,
      'ada',
      [{ role: 'user', content: 'I moved from Berlin to Lisbon.' }],
      {
        model: scriptedModel(
          { json: { candidates: [candidate('The user lives in Lisbon.', 1)] } },
          { json: { decisions: [{ candidate: 'c1', action: 'supersede', target: 'm1', reason: 'moved' }] } },
        ),
      },
    )
    expect(moved.superseded).toHaveLength(1)
    expect(moved.superseded[0]).toMatchObject({ oldId: berlin!.id, previous: 'The user lives in Berlin.' })
    const lisbon = await memory.get('ada', moved.superseded[0]!.newId!)
    const old = await memory.get('ada', berlin!.id)
    expect(old!.supersededBy).toBe(lisbon!.id)
    expect(lisbon!.validFrom).not.toBeNull()
    expect(old!.validTo!.getTime()).toBe(lisbon!.validFrom!.getTime())
    expect((await memory.history('ada', lisbon!.id)).map((m) => m.content)).toEqual([
      'The user lives in Berlin.',
      'The user lives in Lisbon.',
    ])

    const at = async (asOf: Date) =>
      (await memory.recall('ada', 'where does the user live', { filter: { asOf }, limit: 5 })).hits.map(
        (hit) => hit.memory.content,
      )
    expect(await at(new Date(lisbon!.validFrom!.getTime() - DAY))).toEqual(['The user lives in Berlin.'])
    expect(await at(new Date(lisbon!.validFrom!.getTime() + DAY))).toEqual(['The user lives in Lisbon.'])
    expect(
      (await memory.recall('ada', 'where does the user live')).hits.map((h) => h.memory.content),
    ).toEqual(['The user lives in Lisbon.'])
  })

  it('supersedes with a stated start date: the old memory ends exactly there', async () => {
    const { memory, clock } = createTestMemory(new Date('2026-03-01T00:00:00Z'))
    await memory.remember('ada', { content: 'The user lives in Berlin.' })
    clock.advance(60 * DAY)
    const moved = await observe(
      memory,
      'ada',
      [{ role: 'user', content: 'Since March 15 I live in Lisbon, I left Berlin.' }],
      {
        model: scriptedModel(
          { json: { candidates: [candidate('The user lives in Lisbon.', 1, { validFrom: '2026-03-15' })] } },
          { json: { decisions: [{ candidate: 'c1', action: 'supersede', target: 'm1', reason: 'moved' }] } },
        ),
      },
    )
    const lisbon = await memory.get('ada', moved.superseded[0]!.newId!)
    const old = await memory.get('ada', moved.superseded[0]!.oldId)
    expect(lisbon!.validFrom!.toISOString()).toBe('2026-03-15T00:00:00.000Z')
    expect(old!.validTo!.toISOString()).toBe('2026-03-15T00:00:00.000Z')
    const at = async (asOf: string) =>
      (await memory.recall('ada', 'where does the user live', { filter: { asOf: new Date(asOf) } })).hits.map(
        (hit) => hit.memory.content,
      )
    expect(await at('2026-03-10T00:00:00Z')).toEqual(['The user lives in Berlin.'])
    expect(await at('2026-03-20T00:00:00Z')).toEqual(['The user lives in Lisbon.'])
  })

  it('ignores what the model calls trivia, and a dry run writes nothing but reports the decisions', async () => {
    const { memory } = createTestMemory()
    const messages = [{ role: 'user' as const, content: 'Nice weather. By the way, I am vegetarian.' }]
    const script = () =>
      scriptedModel(
        {
          json: {
            candidates: [candidate('The weather is nice.', 1), candidate('The user is vegetarian.', 1)],
          },
        },
        {
          json: {
            decisions: [
              { candidate: 'c1', action: 'ignore', target: null, reason: 'trivia' },
              { candidate: 'c2', action: 'add', target: null, reason: 'diet' },
            ],
          },
        },
      )
    const dry = await observe(memory, 'ada', messages, { model: script(), dryRun: true })
    expect(dry.dryRun).toBe(true)
    expect(dry.ignored).toEqual([{ content: 'The weather is nice.', reason: 'trivia' }])
    expect(dry.added).toEqual([{ content: 'The user is vegetarian.' }])
    expect(await snapshot(memory, 'ada')).toEqual([])
    // A dry run records nothing either: the real run still processes the messages.
    const real = await observe(memory, 'ada', messages, { model: script() })
    expect(real.added.map((a) => a.content)).toEqual(['The user is vegetarian.'])
    expect((await memory.list('ada')).map((m) => m.content)).toEqual(['The user is vegetarian.'])
  })

  it('extracts from user turns by default; the assistant is context only', async () => {
    const { memory } = createTestMemory()
    const model = scriptedModel(
      { json: { candidates: [candidate('The user owns a boat.', 2), candidate('The user likes jazz.', 1)] } },
      { json: { decisions: [{ candidate: 'c1', action: 'add', target: null, reason: 'new' }] } },
    )
    const report = await observe(
      memory,
      'ada',
      [
        { role: 'user', content: 'I like jazz.' },
        { role: 'assistant', content: [{ type: 'text', text: 'You own a boat, right?' }] },
      ],
      { model },
    )
    expect(promptText(model, 0)).toContain('"extractFrom": [\n  1\n ]')
    expect(report.refused).toContainEqual(
      expect.objectContaining({
        stage: 'extract',
        reason: expect.stringContaining('source 2 is not one of'),
      }),
    )
    expect((await memory.list('ada')).map((m) => m.content)).toEqual(['The user likes jazz.'])
  })
})
