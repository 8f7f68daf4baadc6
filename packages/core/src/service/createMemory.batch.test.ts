import { describe, expect, test, vi } from 'vitest'
import { serviceFixture } from './__fixtures__/serviceFixture.js'

describe('rememberMany batches', () => {
  test('looks duplicates up once per batch and reinforces each re-observation', async () => {
    const { memory, store } = serviceFixture()
    const [kept] = await memory.rememberMany('u1', [{ content: 'Owns a grey cat called Miso' }])
    const lookups = { many: 0, one: 0 }
    const many = store.findByFingerprints.bind(store)
    store.findByFingerprints = (...args) => {
      lookups.many++
      return many(...args)
    }
    const one = store.findByFingerprint.bind(store)
    store.findByFingerprint = (...args) => {
      lookups.one++
      return one(...args)
    }
    const inputs = Array.from({ length: 40 }, (_, i) => ({ content: `Fact number ${i} about the user` }))
    inputs.push({ content: 'owns a grey cat called miso' }, { content: 'Owns a grey cat called Miso ' })
    const results = await memory.rememberMany('u1', inputs)
    expect(lookups).toEqual({ many: 1, one: 0 })
    expect(results.filter((r) => r.status === 'inserted')).toHaveLength(40)
    expect(results.slice(-2)).toEqual([
      { id: kept!.id, status: 'reinforced' },
      { id: kept!.id, status: 'reinforced' },
    ])
    expect((await memory.get('u1', kept!.id))?.accessCount).toBe(2)
  })

  test('a store without findByFingerprints is asked once per distinct key', async () => {
    const { memory, store } = serviceFixture()
    const noBatch = store as { findByFingerprints?: unknown }
    noBatch.findByFingerprints = undefined
    let asked = 0
    const one = store.findByFingerprint.bind(store)
    store.findByFingerprint = (...args) => {
      asked++
      return one(...args)
    }
    await memory.rememberMany('u1', [{ content: 'a' }, { content: 'b' }, { content: 'A' }])
    expect(asked).toBe(2)
  })

  test('a large batch is stored in slices, embedding the next while the previous is written', async () => {
    // One embed call per slice.
    const { memory, store, embedder } = serviceFixture({ embedBatchSize: 512 })
    const upsert = store.upsert.bind(store)
    const slices: number[] = []
    store.upsert = async (namespace, writes) => {
      slices.push(writes.length)
      // The next slice's embedding starts before this write completes.
      if (slices.length === 1) await vi.waitFor(() => expect(embedder.calls).toBe(2))
      return upsert(namespace, writes)
    }
    const inputs = Array.from({ length: 300 }, (_, i) => ({ content: `Memory ${i} of a long import` }))
    const results = await memory.rememberMany('u1', inputs)
    expect(slices).toEqual([128, 128, 44])
    expect(results.every((r) => r.status === 'inserted' && r.degraded === undefined)).toBe(true)
    expect(await memory.list('u1', { limit: 1000 })).toHaveLength(300)
  })

  test('once the embedder has failed, the remaining slices are stored pending without asking again', async () => {
    const { memory, embedder } = serviceFixture()
    embedder.mode = 'down'
    const inputs = Array.from({ length: 300 }, (_, i) => ({ content: `Pending memory ${i}` }))
    const results = await memory.rememberMany('u1', inputs)
    expect(embedder.calls).toBe(1)
    expect(results.every((r) => r.degraded === 'pending_embed')).toBe(true)
  })

  test('bulk: true ends a bulk load with the store’s afterBulkLoad', async () => {
    const { memory, store } = serviceFixture()
    const calls: string[] = []
    const withHook = store as { afterBulkLoad?: (namespace: string) => Promise<void> }
    withHook.afterBulkLoad = async (namespace) => {
      calls.push(namespace)
    }
    await memory.rememberMany('u1', [{ content: 'first load item' }])
    expect(calls).toEqual([])
    await memory.rememberMany('u1', [{ content: 'last load item' }], { bulk: true })
    expect(calls).toEqual(['u1'])
  })
})
