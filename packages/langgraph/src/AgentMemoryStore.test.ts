import { requirePostgres } from '@agent-memory/testkit'
import { InvalidNamespaceError } from '@langchain/langgraph-checkpoint'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type OpenedService, serviceBackends } from './__fixtures__/serviceBackends.js'
import { AgentMemoryStore } from './AgentMemoryStore.js'

// The behaviour LangGraph's own store tests pin (libs/checkpoint's InMemoryStore suite and
// PostgresStore's CRUD, batch, search and namespace-listing suites), on every backend.
const backends = Object.entries(serviceBackends).filter(
  ([name]) => name !== 'PostgreSQL' || requirePostgres('AgentMemoryStore on PostgreSQL'),
)

const DOCS = {
  doc1: {
    title: 'JavaScript Guide',
    content: 'Complete guide to JavaScript programming',
    category: 'programming',
    difficulty: 'beginner',
    tags: ['javascript', 'web', 'tutorial'],
  },
  doc2: {
    title: 'TypeScript Handbook',
    content: 'Advanced TypeScript programming techniques',
    category: 'programming',
    difficulty: 'intermediate',
    tags: ['typescript', 'javascript', 'types'],
  },
  doc3: {
    title: 'Python Basics',
    content: 'Introduction to Python programming language',
    category: 'programming',
    difficulty: 'beginner',
    tags: ['python', 'basics'],
  },
}

describe.each(backends)('AgentMemoryStore on %s', (_name, open) => {
  let opened: OpenedService
  let store: AgentMemoryStore
  beforeEach(async () => {
    opened = await open()
    store = new AgentMemoryStore({ memory: opened.memory })
  })
  afterEach(() => opened.close())

  it('gets what it put, with the item fields LangGraph defines', async () => {
    await store.put(['test'], '123', { value: 1 })
    expect(await store.get(['test'], '123')).toEqual({
      value: { value: 1 },
      key: '123',
      namespace: ['test'],
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    })
    expect(await store.get(['test'], '456')).toBeNull()
    expect(await store.get(['other'], '123')).toBeNull()
  })

  it('updates in place: the new value, the first createdAt, a later updatedAt', async () => {
    await store.put(['test'], 'k', { text: 'first' })
    const first = await store.get(['test'], 'k')
    await new Promise((resolve) => setTimeout(resolve, 5))
    await store.put(['test'], 'k', { text: 'second' })
    const second = await store.get(['test'], 'k')
    expect(second?.value).toEqual({ text: 'second' })
    expect(second?.createdAt.getTime()).toBe(first?.createdAt.getTime())
    expect(second!.updatedAt.getTime()).toBeGreaterThan(first!.updatedAt.getTime())
    expect(await store.search(['test'])).toHaveLength(1)
  })

  it('deletes, and a delete of a missing key is no error', async () => {
    await store.put(['test'], '123', { value: 1 })
    await store.delete(['test'], '123')
    expect(await store.get(['test'], '123')).toBeNull()
    await expect(store.delete(['test'], 'never')).resolves.toBeUndefined()
  })

  it('keeps complex JSON values as they were', async () => {
    const value = { nested: { deep: [1, 'two', { three: true, none: null }] }, when: '2026-01-01', n: 1.5 }
    await store.put(['json'], 'k', value)
    expect((await store.get(['json'], 'k'))?.value).toEqual(value)
  })

  it('refuses the namespaces LangGraph refuses, and writes nothing', async () => {
    const doc = { foo: 'bar' }
    await expect(store.put([], 'foo', doc)).rejects.toThrow(InvalidNamespaceError)
    await expect(store.put(['the', 'thing.about'], 'foo', doc)).rejects.toThrow(InvalidNamespaceError)
    await expect(store.put(['some', 'fun', ''], 'foo', doc)).rejects.toThrow(InvalidNamespaceError)
    await expect(store.put(['langgraph', 'foo'], 'bar', doc)).rejects.toThrow(InvalidNamespaceError)
    expect(await store.listNamespaces()).toEqual([])

    await store.put(['foo', 'langgraph', 'foo'], 'bar', doc)
    expect((await store.get(['foo', 'langgraph', 'foo'], 'bar'))?.value).toEqual(doc)
    // batch() admits the reserved root, as LangGraph's stores do (put() is the guard).
    await store.batch([{ namespace: ['langgraph', 'foo'], key: 'bar', value: doc }])
    expect((await store.search(['langgraph', 'foo']))[0]?.value).toEqual(doc)
  })

  it('runs a batch in order: a get after a put sees it; one bad put fails the batch before any write', async () => {
    const results = await store.batch([
      { namespace: ['batch'], key: 'item1', value: { data: 'first' } },
      { namespace: ['batch'], key: 'item2', value: { data: 'second' } },
      { namespace: ['batch'], key: 'item1' },
    ])
    expect(results).toHaveLength(3)
    expect(results[0]).toBeUndefined()
    expect(results[1]).toBeUndefined()
    expect(results[2]?.value).toEqual({ data: 'first' })

    await expect(
      store.batch([
        { namespace: ['batch'], key: 'item3', value: { data: 'third' } },
        { namespace: [], key: 'item4', value: { data: 'invalid' } },
      ]),
    ).rejects.toThrow('Namespace cannot be empty')
    expect(await store.get(['batch'], 'item3')).toBeNull()
  })

  it('lets the last put on a key win within a batch', async () => {
    await store.batch([
      { namespace: ['b'], key: 'k', value: { v: 1 } },
      { namespace: ['b'], key: 'k', value: { v: 2 } },
      { namespace: ['b'], key: 'gone', value: { v: 3 } },
      { namespace: ['b'], key: 'gone', value: null },
    ])
    expect((await store.get(['b'], 'k'))?.value).toEqual({ v: 2 })
    expect(await store.get(['b'], 'gone')).toBeNull()
  })

  describe('search', () => {
    beforeEach(async () => {
      for (const [key, value] of Object.entries(DOCS)) {
        await store.put(['docs'], key, value)
        // Apart in time, so that newest-first is one order on every backend.
        await new Promise((resolve) => setTimeout(resolve, 3))
      }
      await store.put(['recipes'], 'recipe1', {
        title: 'Chocolate Cake',
        content: 'Delicious chocolate cake recipe with detailed instructions',
        category: 'dessert',
        difficulty: 'easy',
      })
    })

    it('lists the prefix only, newest first, no score without a query', async () => {
      const results = await store.search(['docs'])
      expect(results.map((item) => item.key)).toEqual(['doc3', 'doc2', 'doc1'])
      expect(results.every((item) => item.namespace[0] === 'docs' && item.score === undefined)).toBe(true)
      expect(await store.search(['nonexistent'])).toEqual([])
    })

    it('filters by value fields: equality and the $ operators', async () => {
      expect(await store.search(['docs'], { filter: { category: 'programming' } })).toHaveLength(3)
      const beginners = await store.search(['docs'], { filter: { difficulty: { $eq: 'beginner' } } })
      expect(beginners.map((item) => item.key).sort()).toEqual(['doc1', 'doc3'])
      const notAdvanced = await store.search(['docs'], {
        filter: { category: 'programming', difficulty: { $ne: 'intermediate' } },
      })
      expect(notAdvanced.map((item) => item.key).sort()).toEqual(['doc1', 'doc3'])
      const inList = await store.search(['docs'], {
        filter: { difficulty: { $in: ['beginner', 'intermediate'] } },
      })
      expect(inList).toHaveLength(3)
      const notIn = await store.search(['docs'], { filter: { difficulty: { $nin: ['beginner'] } } })
      expect(notIn.map((item) => item.key)).toEqual(['doc2'])
      expect(await store.search(['docs'], { filter: { tags: ['python', 'basics'] } })).toHaveLength(1)
    })

    it('pages with limit and offset, without overlap', async () => {
      const page1 = await store.search(['docs'], { limit: 2, offset: 0 })
      const page2 = await store.search(['docs'], { limit: 2, offset: 2 })
      expect(page1).toHaveLength(2)
      expect(page2).toHaveLength(1)
      expect(new Set([...page1, ...page2].map((item) => item.key)).size).toBe(3)
      const filtered = await store.search(['docs'], {
        filter: { difficulty: { $ne: 'x' } },
        limit: 1,
        offset: 2,
      })
      expect(filtered.map((item) => item.key)).toEqual(['doc1'])
    })

    it('ranks a query by hybrid recall, best score first, filter applied', async () => {
      const results = await store.search(['docs'], { query: 'Python programming language' })
      expect(results[0]?.key).toBe('doc3')
      const scores = results.map((item) => item.score!)
      expect(scores.every((score) => typeof score === 'number' && score >= 0 && score <= 1)).toBe(true)
      expect([...scores].sort((a, b) => b - a)).toEqual(scores)
      const guides = await store.search(['docs'], { query: 'guide', filter: { difficulty: 'beginner' } })
      expect(guides[0]?.key).toBe('doc1')
      expect(guides.every((item) => item.value.difficulty === 'beginner')).toBe(true)
      expect(await store.search(['docs'], { query: 'guide', limit: 1, offset: 0 })).toHaveLength(1)
    })

    it('searches every namespace under a prefix, and no look-alike', async () => {
      await store.put(['users', 'u1'], 'diet', { fact: 'The user is vegetarian' })
      await store.put(['users', 'u1', 'prefs'], 'style', { fact: 'Prefers short answers' })
      await store.put(['users', 'u10'], 'diet', { fact: 'The user eats steak every day' })
      const u1 = await store.search(['users', 'u1'], { query: 'what does the user eat' })
      expect(u1.map((item) => item.key).sort()).toEqual(['diet', 'style'])
      expect(u1.some((item) => JSON.stringify(item.value).includes('steak'))).toBe(false)
      expect((await store.search(['users'])).length).toBe(3)
      expect((await store.search([])).length).toBe(7)
    })
  })

  describe('listNamespaces', () => {
    beforeEach(async () => {
      await store.put(['a', 'b', 'c'], '1', { value: 1 })
      await store.put(['a', 'b', 'd'], '2', { value: 2 })
      await store.put(['a', 'c', 'e'], '3', { value: 3 })
      await store.put(['x', 'y', 'z'], '4', { value: 4 })
    })

    it('lists, filters by prefix and suffix with wildcards, cuts to a depth, and pages', async () => {
      const all = [
        ['a', 'b', 'c'],
        ['a', 'b', 'd'],
        ['a', 'c', 'e'],
        ['x', 'y', 'z'],
      ]
      expect(await store.listNamespaces({})).toEqual(all)
      expect(await store.listNamespaces({ prefix: ['a'] })).toEqual(all.slice(0, 3))
      expect(await store.listNamespaces({ suffix: ['d'] })).toEqual([['a', 'b', 'd']])
      expect(await store.listNamespaces({ maxDepth: 2 })).toEqual([
        ['a', 'b'],
        ['a', 'c'],
        ['x', 'y'],
      ])
      expect(await store.listNamespaces({ limit: 2, offset: 1 })).toEqual(all.slice(1, 3))
      expect(await store.listNamespaces({ prefix: ['a'], suffix: ['c'], maxDepth: 2 })).toEqual([['a', 'b']])
      expect(await store.listNamespaces({ prefix: ['a', '*', 'c'] })).toEqual([['a', 'b', 'c']])
      expect(await store.listNamespaces({ suffix: ['*', 'z'] })).toEqual([['x', 'y', 'z']])
      expect(await store.listNamespaces({ prefix: ['non', 'existent'] })).toEqual([])
    })

    it('gives back a label holding a slash or a percent sign as it was', async () => {
      await store.put(['org/1', '50%'], 'k', { v: 1 })
      expect(await store.listNamespaces({ prefix: ['org/1'] })).toEqual([['org/1', '50%']])
      expect((await store.get(['org/1', '50%'], 'k'))?.namespace).toEqual(['org/1', '50%'])
      expect(await store.search(['org'])).toEqual([])
    })
  })

  describe('what agent-memory adds', () => {
    it('supersedes with history: reads see the new item, history both', async () => {
      await store.put(['users', 'u1'], 'city-2024', { fact: 'The user lives in Lisbon' })
      await store.supersede(['users', 'u1'], 'city-2024', 'city-2025', { fact: 'The user lives in Porto' })
      expect(await store.get(['users', 'u1'], 'city-2024')).toBeNull()
      const found = await store.search(['users', 'u1'], { query: 'where does the user live' })
      expect(found.map((item) => item.value.fact)).toEqual(['The user lives in Porto'])
      const history = await store.history(['users', 'u1'], 'city-2025')
      expect(history.map((item) => item.key)).toEqual(['city-2024', 'city-2025'])
      expect(await store.history(['users', 'u1'], 'city-2024')).toEqual(history)
      await expect(store.supersede(['users', 'u1'], 'none', 'x', { fact: 'x' })).rejects.toThrow(
        /no item "none"/u,
      )
    })

    it("shows memories written another way, and exports and erases a user's items", async () => {
      const written = await opened.memory.remember('users/u2', {
        content: 'The user hosts friends on Fridays',
      })
      const [found] = await store.search(['users', 'u2'], { query: 'friends on Fridays' })
      expect(found).toMatchObject({
        key: written.id,
        value: { content: 'The user hosts friends on Fridays' },
      })
      expect((await store.get(['users', 'u2'], written.id))?.key).toBe(written.id)
      await store.put(['users', 'u2'], 'diet', { fact: 'The user is vegetarian' })

      const records = []
      for await (const record of store.exportNamespace(['users', 'u2'])) records.push(record)
      expect(records).toHaveLength(3)
      const erased = await store.eraseNamespace(['users', 'u2'])
      expect(erased.memories).toBe(2)
      expect(await store.search(['users', 'u2'])).toEqual([])
    })

    it('refuses a value that is not an object or uses the reserved key field', async () => {
      await expect(store.put(['t'], 'k', [1, 2] as unknown as Record<string, unknown>)).rejects.toThrow(
        /must be an object/u,
      )
      await expect(store.put(['t'], 'k', { __langgraph_key: 'x' })).rejects.toThrow(/reserved/u)
      expect(await store.listNamespaces()).toEqual([])
    })

    it('indexes the fields it is told to', async () => {
      const titles = new AgentMemoryStore({ memory: opened.memory, index: { fields: ['title'] } })
      await titles.put(['lib'], 'a', { title: 'Gardening for beginners', body: 'quantum chromodynamics' })
      await titles.put(['lib'], 'b', { title: 'Quantum physics', body: 'tomatoes and roses' }, ['body'])
      const [gardening] = await titles.search(['lib'], { query: 'tomatoes roses gardening' })
      expect(gardening?.key).toBe('b')
      const [quantum] = await titles.search(['lib'], { query: 'quantum chromodynamics' })
      expect(quantum?.key).not.toBe('a')
    })
  })
})
