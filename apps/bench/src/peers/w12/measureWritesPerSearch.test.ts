import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { createScratchDatabase } from '../../pg/createScratchDatabase.js'
import { measureWritesPerSearch } from './measureWritesPerSearch.js'

const url = process.env.DATABASE_URL
if (process.env.CI === 'true' && !url) throw new Error('DATABASE_URL is required under CI')

describe.runIf(url)('measureWritesPerSearch', () => {
  it('counts the row versions a search writes, those of `memories` apart, their HOT share and the WAL', async () => {
    const db = await createScratchDatabase(url!, `agent_memory_bench_${process.pid}_writes_per_search`)
    const client = new pg.Client({ connectionString: db.url })
    await client.connect()
    try {
      await client.query('CREATE TABLE memories (id int PRIMARY KEY, hits int NOT NULL, note text)')
      await client.query('CREATE TABLE access_log (at timestamptz NOT NULL DEFAULT now())')
      await client.query("INSERT INTO memories VALUES (1, 0, 'a'), (2, 0, 'b')")
      let settled = 0
      // A "search" that reinforces one memory in place (no indexed column changes: HOT) and logs itself.
      const result = await measureWritesPerSearch(
        client,
        20,
        0,
        async () => {
          await client.query('UPDATE memories SET hits = hits + 1 WHERE id = 1')
          await client.query('INSERT INTO access_log DEFAULT VALUES')
        },
        async () => {
          settled++
        },
      )
      expect(settled).toBe(2)
      expect(result.searches).toBe(20)
      expect(result.memoriesRowVersions).toBe(1)
      expect(result.rowVersions).toBe(2)
      expect(result.updates).toBe(1)
      expect(result.hotUpdates).toBeGreaterThan(0.5)
      expect(result.walBytes).toBeGreaterThan(0)
    } finally {
      await client.end()
      await db.drop()
    }
  })
})
