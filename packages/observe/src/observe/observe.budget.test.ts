import type { MemoryService } from '@agent-memory/core'
import { describe, expect, it } from 'vitest'
import { beforeCall } from '../__fixtures__/beforeCall.js'
import { candidate } from '../__fixtures__/candidate.js'
import { createTestMemory } from '../__fixtures__/createTestMemory.js'
import { promptText } from '../__fixtures__/promptText.js'
import { scriptedModel } from '../__fixtures__/scriptedModel.js'
import { snapshot } from '../__fixtures__/snapshot.js'
import { observe } from './observe.js'

const addAll = (n: number) => ({
  decisions: Array.from({ length: n }, (_, i) => ({
    candidate: `c${i + 1}`,
    action: 'add',
    target: null,
    reason: 'new',
  })),
})

describe('observe: idempotence', () => {
  it('observing the same messages twice changes nothing and calls no model', async () => {
    const { memory } = createTestMemory()
    const messages = [
      { role: 'user' as const, content: 'I am allergic to peanuts.' },
      { role: 'assistant' as const, content: 'Noted.' },
    ]
    const first = await observe(memory, 'ada', messages, {
      model: scriptedModel(
        { json: { candidates: [candidate('The user is allergic to peanuts.', 1)] } },
        { json: addAll(1) },
      ),
    })
    expect(first.added).toHaveLength(1)
    const before = await snapshot(memory, 'ada')
    const idle = scriptedModel()
    const again = await observe(memory, 'ada', messages, { model: idle })
    expect(idle.doGenerateCalls).toHaveLength(0)
    expect(again.messages).toEqual({ total: 2, alreadyObserved: 2, processed: 0, deferred: 0 })
    expect(again.added).toEqual([])
    expect(await snapshot(memory, 'ada')).toEqual(before)
    // The ledger is per namespace, and never shows up in the user's own memories.
    expect((await memory.list('ada')).map((m) => m.content)).toEqual(['The user is allergic to peanuts.'])
    const other = await observe(memory, 'eve', messages, {
      model: scriptedModel({ json: { candidates: [] } }),
    })
    expect(other.messages.processed).toBe(2)
  })

  it('a continued conversation is observed from its new messages only; ids key messages when given', async () => {
    const { memory } = createTestMemory()
    const start = [{ role: 'user' as const, content: 'I work as a nurse.', id: 'msg-1' }]
    await observe(memory, 'ada', start, {
      model: scriptedModel(
        { json: { candidates: [candidate('The user works as a nurse.', 1)] } },
        { json: addAll(1) },
      ),
    })
    const model = scriptedModel({ json: { candidates: [] } })
    const report = await observe(
      memory,
      'ada',
      [
        { role: 'user', content: 'I work as a nurse (edited).', id: 'msg-1' },
        { role: 'user', content: 'Night shifts mostly.', id: 'msg-2' },
      ],
      { model },
    )
    expect(report.messages).toMatchObject({ alreadyObserved: 1, processed: 1 })
    expect(promptText(model, 0)).toContain('"extractFrom": [\n  2\n ]')
  })

  it('processes at most maxNewMessages per call and defers the rest to the next', async () => {
    const { memory } = createTestMemory()
    const messages = ['I like cats.', 'I like dogs.', 'I like owls.'].map((content) => ({
      role: 'user' as const,
      content,
    }))
    const first = scriptedModel({ json: { candidates: [] } })
    const one = await observe(memory, 'ada', messages, { model: first, maxNewMessages: 2 })
    expect(one.messages).toMatchObject({ processed: 2, deferred: 1 })
    const second = scriptedModel({ json: { candidates: [] } })
    const two = await observe(memory, 'ada', messages, { model: second, maxNewMessages: 2 })
    expect(two.messages).toMatchObject({ alreadyObserved: 2, processed: 1, deferred: 0 })
    expect(promptText(second, 0)).toContain('"extractFrom": [\n  3\n ]')
  })
})

describe('observe: budget, timeout, abort and a model that is down', () => {
  it('passes the token budget to the model and caps candidates', async () => {
    const { memory } = createTestMemory()
    const model = scriptedModel(
      { json: { candidates: ['a', 'b', 'c'].map((x) => candidate(`The user likes the letter ${x}.`, 1)) } },
      { json: addAll(3) },
    )
    const report = await observe(memory, 'ada', [{ role: 'user', content: 'I like a, b and c.' }], {
      model,
      maxCandidates: 2,
      maxOutputTokens: 321,
    })
    expect(model.doGenerateCalls.map((call) => call.maxOutputTokens)).toEqual([321, 321])
    expect(report.added).toHaveLength(2)
    expect(report.refused).toContainEqual({
      stage: 'extract',
      reason: '1 more candidates dropped: the limit is 2 per call',
    })
    expect(report.refused).toContainEqual(expect.objectContaining({ reason: 'unknown candidate "c3"' }))
    expect(report.usage).toEqual({ modelCalls: 2, inputTokens: 200, outputTokens: 40 })
    await expect(observe(memory, 'ada', [], { model, maxCandidates: 0 })).rejects.toThrow(/maxCandidates/)
  })

  it('a timeout writes nothing and says so', async () => {
    const { memory } = createTestMemory()
    const report = await observe(memory, 'ada', [{ role: 'user', content: 'I am left-handed.' }], {
      model: scriptedModel(
        { json: { candidates: [candidate('The user is left-handed.', 1)] } },
        { hang: true },
      ),
      timeoutMs: 300,
    })
    expect(report.failure).toEqual({
      stage: 'decide',
      reason: 'timeout',
      message: 'Timed out: nothing was written.',
    })
    expect(await snapshot(memory, 'ada')).toEqual([])
  })

  it("the caller's AbortSignal stops the call before anything is written", async () => {
    const { memory } = createTestMemory()
    const controller = new AbortController()
    const pending = observe(memory, 'ada', [{ role: 'user', content: 'I am left-handed.' }], {
      model: scriptedModel({ hang: true }),
      signal: controller.signal,
    })
    setTimeout(() => controller.abort(), 50)
    const report = await pending
    expect(report.failure).toMatchObject({ stage: 'extract', reason: 'aborted' })
    expect(await snapshot(memory, 'ada')).toEqual([])
  })

  it('an abort that arrives while the model decides stops the call even when the model still answers', async () => {
    const { memory } = createTestMemory()
    const controller = new AbortController()
    // This model ignores the signal and answers anyway: observe must not write what it decided.
    const model = beforeCall(
      scriptedModel(
        { json: { candidates: [candidate('The user is left-handed.', 1)] } },
        { json: addAll(1) },
      ),
      1,
      () => controller.abort(),
    )
    const report = await observe(memory, 'ada', [{ role: 'user', content: 'I am left-handed.' }], {
      model,
      signal: controller.signal,
    })
    expect(report.failure).toMatchObject({ stage: 'decide', reason: 'aborted' })
    expect(report.added).toEqual([])
    expect(await snapshot(memory, 'ada')).toEqual([])
  })

  it('a model that is down writes nothing, leaks no error text, and the messages stay unobserved', async () => {
    const { memory } = createTestMemory()
    const messages = [{ role: 'user' as const, content: 'I am left-handed.' }]
    const down = await observe(memory, 'ada', messages, {
      model: scriptedModel({ error: new Error('503 from https://api.example/v1 with key sk-or-v1-SECRET') }),
    })
    expect(down.failure).toEqual({
      stage: 'extract',
      reason: 'model_error',
      message: 'The model call failed (Error): nothing was written.',
    })
    expect(JSON.stringify(down)).not.toContain('SECRET')
    expect(await snapshot(memory, 'ada')).toEqual([])
    const back = await observe(memory, 'ada', messages, {
      model: scriptedModel(
        { json: { candidates: [candidate('The user is left-handed.', 1)] } },
        { json: addAll(1) },
      ),
    })
    expect(back.added).toHaveLength(1)
  })

  it('a store failure while writing stops, lists what was applied, and leaves the messages unobserved', async () => {
    const { memory } = createTestMemory()
    let writes = 0
    // The store goes down after the first decision is written.
    const failing: MemoryService = {
      ...memory,
      remember: async (namespace, input) => {
        writes += 1
        if (writes > 1) throw new Error('connection lost to postgres://user:pw@db')
        return memory.remember(namespace, input)
      },
    }
    const messages = [{ role: 'user' as const, content: 'I am left-handed and I play chess.' }]
    const extraction = () => ({
      json: {
        candidates: [candidate('The user is left-handed.', 1), candidate('The user plays chess.', 1)],
      },
    })
    const report = await observe(failing, 'ada', messages, {
      model: scriptedModel(extraction(), { json: addAll(2) }),
    })
    expect(report.failure).toEqual({
      stage: 'write',
      reason: 'memory_error',
      message: 'Memory failed (Error): writing stopped; what is listed was applied.',
    })
    expect(JSON.stringify(report)).not.toContain('postgres://')
    const [applied] = report.added
    expect(report.added).toEqual([
      { content: 'The user is left-handed.', id: applied!.id, status: 'inserted' },
    ])
    expect((await memory.list('ada')).map((m) => m.content)).toEqual(['The user is left-handed.'])
    // Not recorded in the ledger: the next call sees the messages again and can finish the set.
    const retried = await observe(memory, 'ada', messages, {
      model: scriptedModel(extraction(), {
        json: {
          decisions: [
            { candidate: 'c1', action: 'reinforce', target: 'm1', reason: 'same fact' },
            { candidate: 'c2', action: 'add', target: null, reason: 'new' },
          ],
        },
      }),
    })
    expect(retried.messages.alreadyObserved).toBe(0)
    expect(retried.reinforced).toEqual([{ id: applied!.id, content: 'The user is left-handed.' }])
    expect((await memory.list('ada')).map((m) => m.content).sort()).toEqual([
      'The user is left-handed.',
      'The user plays chess.',
    ])
  })

  it('refuses bad arguments up front', async () => {
    const { memory } = createTestMemory()
    const model = scriptedModel()
    await expect(observe(memory, '', [], { model })).rejects.toThrow(/namespace/)
    await expect(observe(memory, 'ada', 'hello' as never, { model })).rejects.toThrow(/expected an array/)
    await expect(
      observe(memory, 'ada', [{ role: 'king', content: 'x' } as never], { model }),
    ).rejects.toThrow(/role/)
  })
})
