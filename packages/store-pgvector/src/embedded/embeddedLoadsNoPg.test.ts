import { createRequire } from 'node:module'
import { axisVector } from '@agent-memory/testkit'
import { expect, it } from 'vitest'

const require = createRequire(import.meta.url)
// node-postgres and its COPY helper are CommonJS: importing them, even from ESM, files them here.
const loadedDrivers = () =>
  Object.keys(require.cache).filter((file) => /[\\/]node_modules[\\/](pg|pg-copy-streams)[\\/]/.test(file))

it('an embedded store opens, writes, searches and closes without loading node-postgres', async () => {
  expect(loadedDrivers()).toEqual([])
  const { openEmbeddedStore } = await import('../index.js')
  const store = await openEmbeddedStore({ dimensions: 4, model: 'no-pg', handleSignals: false })
  try {
    await store.upsert('ns', [
      { id: 'a', tier: 'semantic', content: 'lentil soup', fingerprint: 'fp-a', embedding: axisVector(4, 0) },
    ])
    expect((await store.searchVector('ns', axisVector(4, 0), { limit: 1 }))[0]?.memory.id).toBe('a')
  } finally {
    await store.close()
  }
  expect(loadedDrivers()).toEqual([])
})
