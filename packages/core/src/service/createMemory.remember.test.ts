import { describe, expect, test } from 'vitest'
import { ValidationError } from '../errors/ValidationError.js'
import { REDACTED } from '../text/redactSecrets.js'
import { serviceFixture } from './__fixtures__/serviceFixture.js'

const DAY = 86_400_000

describe('remember', () => {
  test('stores a memory with its vector and tier defaults', async () => {
    const { memory, clock } = serviceFixture()
    const result = await memory.remember('u1', { content: 'The user prefers dark roast coffee' })
    expect(result.status).toBe('inserted')
    expect(result.degraded).toBeUndefined()
    const stored = await memory.get('u1', result.id)
    expect(stored).toMatchObject({ tier: 'semantic', embedState: 'ok', confidence: 0.4, expiresAt: null })
    const working = await memory.remember('u1', { tier: 'working', content: 'drafting an email to Anna' })
    const episodic = await memory.remember('u1', {
      tier: 'episodic',
      content: 'talked about the budget today',
    })
    expect((await memory.get('u1', working.id))?.expiresAt?.getTime()).toBe(clock.now().getTime() + DAY)
    expect((await memory.get('u1', episodic.id))?.expiresAt?.getTime()).toBe(clock.now().getTime() + 30 * DAY)
    expect((await memory.get('u1', working.id))?.confidence).toBeNull()
  })

  test('an exact duplicate in the same namespace and tier reinforces the original and raises its confidence', async () => {
    const { memory, embedder } = serviceFixture()
    const first = await memory.remember('u1', { content: 'The user is allergic to peanuts' })
    const callsBefore = embedder.calls
    const again = await memory.remember('u1', { content: '  the USER is allergic   to peanuts ' })
    expect(again).toEqual({ id: first.id, status: 'reinforced' })
    expect(embedder.calls).toBe(callsBefore)
    const stored = await memory.get('u1', first.id)
    expect(stored?.accessCount).toBe(1)
    expect(stored?.confidence).toBeGreaterThan(0.4)
    expect(stored?.embedState).toBe('ok')
    // Another tier or another namespace is not a duplicate.
    expect(
      (await memory.remember('u1', { tier: 'episodic', content: 'The user is allergic to peanuts' })).status,
    ).toBe('inserted')
    expect((await memory.remember('u10', { content: 'The user is allergic to peanuts' })).status).toBe(
      'inserted',
    )
    expect((await memory.list('u1')).length).toBe(2)
  })

  test('duplicates inside one rememberMany batch collapse to one memory', async () => {
    const { memory } = serviceFixture()
    const results = await memory.rememberMany('u1', [
      { content: 'Lives in Lisbon' },
      { content: 'Works as a nurse' },
      { content: 'lives in lisbon' },
    ])
    expect(results.map((r) => r.status)).toEqual(['inserted', 'inserted', 'reinforced'])
    expect(results[2]?.id).toBe(results[0]?.id)
    expect(await memory.list('u1')).toHaveLength(2)
  })

  test('credentials are redacted before anything is embedded or stored', async () => {
    const { memory, embedder } = serviceFixture()
    const secret = 'sk-abcdefghijklmnopqrstuvwx123456'
    const result = await memory.remember('u1', {
      content: `My OpenAI key is ${secret} and the db is postgres://app:hunter2pass@db.internal/prod`,
      summary: `key ${secret}`,
      metadata: { source: { note: `token=${secret}` }, list: [`Bearer ${secret}`] },
    })
    expect(result.redacted).toBe(true)
    const stored = await memory.get('u1', result.id)
    const everything = JSON.stringify(stored)
    expect(everything).not.toContain(secret)
    expect(everything).not.toContain('hunter2pass')
    expect(stored?.content).toContain(REDACTED)
    expect(stored?.metadata).toEqual({ source: { note: `token=${REDACTED}` }, list: [`Bearer ${REDACTED}`] })
    expect(embedder.seen.length).toBeGreaterThan(0)
    for (const text of embedder.seen) {
      expect(text).not.toContain(secret)
      expect(text).not.toContain('hunter2pass')
    }
    const clean = await memory.remember('u1', { content: 'nothing secret here' })
    expect(clean.redacted).toBeUndefined()
  })

  test('long content gets chunks; short content does not', async () => {
    const { memory, store } = serviceFixture()
    const sentences = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} talks about topic ${i * 7}.`)
    const long = await memory.remember('u1', {
      content: `${sentences.join(' ')} The secret ingredient is cardamom.`,
    })
    const short = await memory.remember('u1', { content: 'A short memory' })
    const stats = await store.stats('u1')
    expect(stats[0]?.chunks).toBeGreaterThan(1)
    const hits = await memory.recall('u1', 'secret ingredient cardamom', { mode: 'vector' })
    const hit = hits.hits.find((h) => h.memory.id === long.id)
    expect(hit?.sources).toContain('chunk')
    expect(hit?.matchedChunk?.text).toContain('cardamom')
    expect(hits.hits.find((h) => h.memory.id === short.id)?.sources ?? []).not.toContain('chunk')
  })

  test('validation lists every problem at once and nothing is stored', async () => {
    const { memory, store } = serviceFixture()
    const error = await memory
      .remember('', { content: '', importance: 2, tier: 'forever' as never, bogus: 1 } as never)
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    const issues = (error as ValidationError).issues
    expect(issues.some((i) => i.startsWith('namespace'))).toBe(true)
    expect(issues.some((i) => i.startsWith('content'))).toBe(true)
    expect(issues.some((i) => i.startsWith('importance'))).toBe(true)
    expect(issues.some((i) => i.startsWith('tier'))).toBe(true)
    expect(issues.some((i) => i.includes('bogus'))).toBe(true)
    const batch = await memory
      .rememberMany('u1', [{ content: 'fine' }, { content: 'x', tags: [''] }, { content: '\u0000' }])
      .catch((e: unknown) => e as ValidationError)
    expect((batch as ValidationError).issues).toEqual([
      expect.stringMatching(/^\[1\]\.tags\[0\]/),
      expect.stringMatching(/^\[2\]\.content/),
    ])
    expect(await store.stats()).toEqual([])
  })

  test('an id owned by another namespace is refused', async () => {
    const { memory } = serviceFixture()
    const a = await memory.remember('u1', { content: 'mine' })
    await expect(memory.remember('u2', { id: a.id, content: 'yours' })).rejects.toThrow(/cannot be used/)
    expect((await memory.get('u1', a.id))?.content).toBe('mine')
  })
})
