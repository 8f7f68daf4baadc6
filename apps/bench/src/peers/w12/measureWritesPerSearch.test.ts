import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { createScratchDatabase } from '../../pg/createScratchDatabase.js'
import { measureWritesPerSearch } from './measureWritesPerSearch.js'

const url = process.env.DATABASE_URL
if (process.env.CI === 'true' && !url) throw new Error('DATABASE_URL is required under CI')

describe.runIf(url)('measureWritesPerSearch', () => {
  it('counts the row versions a search writes, those of `memories` apart, their HOT share and its database’s WAL by record kind', async () => {
    const db = await createScratchDatabase(url!, `agent_memory_bench_${process.pid}_writes_per_search`)
    const other = await createScratchDatabase(url!, `agent_memory_bench_${process.pid}_writes_elsewhere`)
    const client = new pg.Client({ connectionString: db.url })
    const elsewhere = new pg.Client({ connectionString: other.url })
    await client.connect()
    await elsewhere.connect()
    try {
      await client.query('CREATE TABLE memories (id int PRIMARY KEY, hits int NOT NULL, note text)')
      await client.query('CREATE TABLE access_log (at timestamptz NOT NULL DEFAULT now())')
      await client.query("INSERT INTO memories VALUES (1, 0, 'a'), (2, 0, 'b')")
      await elsewhere.query('CREATE TABLE noise (note text)')
      let settled = 0
      // A "search" that reinforces one memory in place (no indexed column changes: HOT) and logs
      // itself, while another database of the server writes far more.
      const result = await measureWritesPerSearch(
        client,
        20,
        0,
        async () => {
          await client.query('UPDATE memories SET hits = hits + 1 WHERE id = 1')
          await client.query('INSERT INTO access_log DEFAULT VALUES')
          await elsewhere.query("INSERT INTO noise SELECT repeat('x', 200) FROM generate_series(1, 20)")
        },
        async () => {
          settled++
        },
        8,
      )
      expect(settled).toBe(2)
      expect(result.searches).toBe(20)
      expect(result.dimensions).toBe(8)
      expect(result.memoriesRowVersions).toBe(1)
      expect(result.rowVersions).toBe(2)
      expect(result.updates).toBe(1)
      expect(result.hotUpdates).toBeGreaterThan(0.5)
      const wal = result.wal!
      const kind = (name: string) => wal.kinds.find((k) => k.kind === name)
      const records = (prefix: string) =>
        wal.kinds.filter((k) => k.kind.startsWith(prefix)).reduce((sum, k) => sum + k.records, 0)
      expect(kind('Heap/HOT_UPDATE')?.records).toBe(20)
      // `INSERT+INIT` when an insert starts a new page.
      expect(records('Heap/INSERT')).toBe(20)
      // One commit per statement of ours: the other database's 20 commits are not counted here.
      expect(kind('Transaction/COMMIT')?.records).toBe(40)
      expect(wal.elsewhereBytes).toBeGreaterThan(20 * 20 * 200)
      expect(result.walBytes).toBe((wal.recordBytes + wal.fpiBytes) / 20)
      expect(result.walBytes).toBeLessThan(result.serverWalBytes)
      // A page's first change after a checkpoint carries its image: counted apart from the record.
      expect(wal.recordBytes).toBeLessThan(40 * 200)
      // The slot that kept the window's WAL from a checkpoint's recycling is gone with the window.
      const slots = await client.query(
        "SELECT 1 FROM pg_replication_slots WHERE slot_name = 'agent_memory_bench_wal_' || pg_backend_pid()",
      )
      expect(slots.rowCount).toBe(0)
    } finally {
      await client.end()
      await elsewhere.end()
      await db.drop()
      await other.drop()
    }
  })

  it('reads an empty window for a side whose searches write nothing', async () => {
    const db = await createScratchDatabase(url!, `agent_memory_bench_${process.pid}_writes_nothing`)
    const client = new pg.Client({ connectionString: db.url })
    await client.connect()
    try {
      await client.query('CREATE TABLE memories (id int PRIMARY KEY)')
      const result = await measureWritesPerSearch(
        client,
        5,
        0,
        async () => {
          await client.query('SELECT count(*) FROM memories')
        },
        async () => {},
        8,
      )
      expect(result.wal).toMatchObject({ recordBytes: 0, fpiBytes: 0 })
      expect(result.rowVersions).toBe(0)
    } finally {
      await client.end()
      await db.drop()
    }
  })
})
