import { fingerprint } from '@agent-memory/core'
import { expect, it } from 'vitest'
import { openEmbeddedStore } from './index.js'

it('smoke', async () => {
  const store = await openEmbeddedStore({ dimensions: 3, model: 'm' })
  const v = (a: number, b: number, c: number) => Float32Array.from([a, b, c])
  const out = await store.upsert('u1', [
    { id: 'a', tier: 'semantic', content: 'I like 北京 coffee', fingerprint: fingerprint('x'), embedding: v(1, 0, 0), chunks: [{ idx: 0, text: 'hi', embedding: v(0, 1, 0) }] },
    { id: 'b', tier: 'semantic', content: 'tea please', fingerprint: fingerprint('y'), embedding: null },
  ])
  console.log(out)
  console.log(await store.searchVector('u1', v(1, 0.1, 0), { limit: 5 }))
  console.log(await store.searchChunks('u1', v(0, 1, 0), { limit: 5 }))
  console.log(await store.searchText('u1', "北京'); DROP TABLE memories; --", { limit: 5 }))
  console.log(await store.claimPending({ limit: 5, leaseMs: 1000 }), await store.repairStats(), await store.stats(), await store.history('u1', 'a'), await store.storageBytes())
  expect(out).toHaveLength(2)
  await store.close()
})
