import { describe, expect, test } from 'vitest'
import type { ReinforceGroup } from '../../spec/Store.js'
import { serviceFixture } from '../__fixtures__/serviceFixture.js'

const DAY = 86_400_000

describe('writeReinforcements (a flush of recall reinforcement queue)', () => {
  test("many users' recalls make one reinforceMany call, each tier with its sliding expiry", async () => {
    const { memory, store, clock } = serviceFixture()
    const calls: ReinforceGroup[][] = []
    Object.assign(store, {
      reinforceMany: async (groups: ReinforceGroup[]) => {
        calls.push(groups)
      },
    })
    const kept = await memory.remember('u1', { content: 'Alice keeps bees on the roof', tier: 'semantic' })
    const note = await memory.remember('u1', { content: 'Alice moved the bees today', tier: 'working' })
    const other = await memory.remember('u2', { content: 'Bob keeps bees in the garden', tier: 'semantic' })
    await memory.recall('u1', 'bees')
    await memory.recall('u2', 'bees')
    await memory.flush()
    expect(calls).toHaveLength(1)
    const byKey = new Map(calls[0]!.map((group) => [`${group.namespace}/${group.ids.join(',')}`, group]))
    expect([...byKey.keys()].sort()).toEqual([`u1/${kept.id}`, `u1/${note.id}`, `u2/${other.id}`].sort())
    expect(byKey.get(`u1/${note.id}`)!.options).toEqual({ at: clock.now(), slidingTtlMs: DAY })
    expect(byKey.get(`u1/${kept.id}`)!.options).toEqual({ at: clock.now() })
  })

  test('a failing reinforceMany is reported, never thrown', async () => {
    const { memory, store, errors } = serviceFixture()
    Object.assign(store, {
      reinforceMany: async () => {
        throw new Error('database went away')
      },
    })
    await memory.remember('u1', { content: 'reinforce me' })
    expect((await memory.recall('u1', 'reinforce me')).hits).toHaveLength(1)
    await memory.flush()
    expect(errors.map((e) => e.operation)).toEqual(['recall.reinforce'])
  })

  test('without reinforceMany, one reinforce per group: a failing group is reported, the others written', async () => {
    const { memory, store, errors } = serviceFixture()
    const kept = await memory.remember('u2', { content: 'Bob keeps bees in the garden' })
    await memory.remember('u1', { content: 'Alice keeps bees on the roof' })
    Object.assign(store, { reinforceMany: undefined })
    const reinforce = store.reinforce.bind(store)
    store.reinforce = async (namespace, ids, options) => {
      if (namespace === 'u1') throw new Error('database went away')
      await reinforce(namespace, ids, options)
    }
    await memory.recall('u1', 'bees')
    await memory.recall('u2', 'bees')
    await memory.flush()
    expect(errors.map((e) => e.operation)).toEqual(['recall.reinforce'])
    expect((await store.get('u2', kept.id))?.accessCount).toBe(1)
  })
})
