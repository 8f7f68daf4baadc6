import type { MemoryService } from '@agent-memory/core'
import { describe, expect, it } from 'vitest'
import { createTestMemory } from '../__fixtures__/createTestMemory.js'
import { recordingMemoryService } from '../__fixtures__/recordingMemoryService.js'
import { TOOL_SENTENCES } from '../definitions/TOOL_SENTENCES.js'
import { runMemoryForget } from './runMemoryForget.js'
import { runMemoryRemember } from './runMemoryRemember.js'
import { runMemorySearch } from './runMemorySearch.js'

const ID = /Memory id: (\S+)$/u
const idOf = (text: string) => ID.exec(text)?.[1] ?? ''

describe('memory_remember', () => {
  it('remembers, reinforces an exact duplicate, and the memory is then found by memory_search', async () => {
    const { memory } = createTestMemory()
    const first = await runMemoryRemember(
      { content: 'The user is allergic to peanuts', tags: ['diet'] },
      { memory, namespace: 'u1' },
    )
    expect(first).toMatch(/^Remembered\. Memory id: \S+$/u)
    const again = await runMemoryRemember(
      { content: 'The user is allergic to peanuts' },
      { memory, namespace: 'u1' },
    )
    expect(again).toBe(`${TOOL_SENTENCES.reinforced} Memory id: ${idOf(first)}`)
    const found = await runMemorySearch(
      { query: 'Is the user allergic to peanuts?' },
      { memory, namespace: 'u1' },
    )
    expect(found).toMatch(/^1\. \[score \d\.\d\d \| [^\]]+\] The user is allergic to peanuts$/u)
    const stored = await memory.get('u1', idOf(first))
    expect(stored?.tags).toEqual(['diet'])
    expect(stored?.tier).toBe('semantic')
  })

  it('says indexing is delayed when the embedder is down, and repair makes it findable by vector', async () => {
    const { memory, embedder } = createTestMemory()
    embedder.down = true
    const text = await runMemoryRemember(
      { content: 'The user works night shifts at the hospital' },
      { memory, namespace: 'u1' },
    )
    expect(text).toBe(`${TOOL_SENTENCES.rememberedPending} Memory id: ${idOf(text)}`)
    expect((await memory.get('u1', idOf(text)))?.embedState).toBe('pending')
    embedder.down = false
    const report = await memory.repair()
    expect(report.repaired).toBe(1)
    const found = await runMemorySearch(
      { query: 'When does the user work? night shifts' },
      { memory, namespace: 'u1' },
    )
    expect(found.split('\n')[0]).toMatch(/^1\. \[score .*\] The user works night shifts at the hospital$/u)
  })

  it('says when credential-like text was removed', async () => {
    const { memory } = createTestMemory()
    const text = await runMemoryRemember(
      { content: 'The user deploys with the key sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD' },
      { memory, namespace: 'u1' },
    )
    expect(text).toBe(`${TOOL_SENTENCES.remembered} ${TOOL_SENTENCES.redacted} Memory id: ${idOf(text)}`)
    expect((await memory.get('u1', idOf(text)))?.content).not.toContain('sk-proj-abcdefghijklmnop')
  })

  it('refuses hostile arguments with every problem named, and nothing reaches the service', async () => {
    const { memory: real } = createTestMemory()
    const { memory, calls } = recordingMemoryService(real)
    const fail = (problems: string) => `The call failed. ${problems}. Fix it and call memory_remember again.`
    const cases: Array<[unknown, string]> = [
      [{}, 'content is required'],
      [{ content: '' }, 'content must not be empty'],
      [
        { content: 'x'.repeat(4001) },
        'content must be a string of at most 4000 characters, got "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…" (4001 characters)',
      ],
      [
        { content: 'fact', namespace: 'u10', user_id: 'u10', id: 'x' },
        'unknown argument namespace is not allowed; unknown argument user_id is not allowed; unknown argument id is not allowed',
      ],
      [
        { content: 'fact', tier: 'forever' },
        'tier must be one of "working", "episodic", "semantic", "procedural", got "forever"',
      ],
      [{ content: 'fact', tags: 'diet' }, 'tags must be a list of strings of at most 16 items, got string'],
      [{ content: 'fact \uDC00' }, 'content must be well-formed text'],
    ]
    for (const [args, problems] of cases) {
      expect(await runMemoryRemember(args, { memory, namespace: 'u1' })).toBe(fail(problems))
    }
    expect(calls).toEqual([])
  })

  it('folds a failure into the fixed sentence', async () => {
    const { memory: real } = createTestMemory()
    const broken: MemoryService = {
      ...real,
      minScore: real.minScore,
      remember: () => Promise.reject(new Error('disk full at /var/lib/postgresql')),
    }
    expect(await runMemoryRemember({ content: 'fact' }, { memory: broken, namespace: 'u1' })).toBe(
      TOOL_SENTENCES.rememberUnavailable,
    )
  })
})

describe('memory_forget', () => {
  it("forgets the session user's memory and never another user's, even with a look-alike namespace", async () => {
    const { memory } = createTestMemory()
    const mine = idOf(
      await runMemoryRemember({ content: 'The user lives in Lyon' }, { memory, namespace: 'u1' }),
    )
    const theirs = idOf(
      await runMemoryRemember({ content: 'The user lives in Oslo' }, { memory, namespace: 'u10' }),
    )
    expect(await runMemoryForget({ id: theirs }, { memory, namespace: 'u1' })).toBe(
      TOOL_SENTENCES.forgetMissing,
    )
    expect(await memory.get('u10', theirs)).not.toBeNull()
    expect(await runMemoryForget({ id: mine }, { memory, namespace: 'u1' })).toBe(TOOL_SENTENCES.forgotten)
    expect(await runMemoryForget({ id: mine }, { memory, namespace: 'u1' })).toBe(
      TOOL_SENTENCES.forgetMissing,
    )
    expect(await memory.get('u1', mine)).toBeNull()
  })

  it('refuses hostile arguments, and nothing reaches the service', async () => {
    const { memory: real } = createTestMemory()
    const { memory, calls } = recordingMemoryService(real)
    const fail = (problems: string) => `The call failed. ${problems}. Fix it and call memory_forget again.`
    expect(await runMemoryForget({}, { memory, namespace: 'u1' })).toBe(fail('id is required'))
    expect(await runMemoryForget({ id: 7 }, { memory, namespace: 'u1' })).toBe(
      fail('id must be a string of at most 128 characters, got number'),
    )
    expect(await runMemoryForget({ id: 'a', namespace: 'u10' }, { memory, namespace: 'u1' })).toBe(
      fail('unknown argument namespace is not allowed'),
    )
    expect(calls).toEqual([])
  })
})
