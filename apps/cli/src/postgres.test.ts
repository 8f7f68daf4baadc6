import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { usePostgresDatabase } from './__fixtures__/usePostgresDatabase.js'

const databaseUrl = process.env.DATABASE_URL
const required = process.env.CI === 'true'

describe('agent-memory on real PostgreSQL (subprocess)', () => {
  it('has DATABASE_URL when CI=true', () => {
    // Under CI the real-Postgres round trip is mandatory: a missing database fails, never skips.
    if (required) expect(databaseUrl, 'CI=true needs DATABASE_URL (scripts/setup-postgres.sh)').toBeTruthy()
  })

  describe.runIf(databaseUrl !== undefined && databaseUrl !== '')('round trip', () => {
    const { url: cliUrl } = usePostgresDatabase('agent_memory_cli_')
    const namespace = `cli-${randomUUID()}`

    const cli = (...args: string[]) => runCli([...args, '--database-url', cliUrl()])

    it('says to run init first, then init migrates and records the embedder', async () => {
      const early = await cli('search', 'anything', '--namespace', namespace)
      expect(early.code).toBe(1)
      expect(early.stderr).toContain('run `agent-memory init` first')

      const init = await cli('init', '--json')
      expect(init.code).toBe(0)
      expect(JSON.parse(init.stdout)).toMatchObject({
        store: { kind: 'postgres' },
        embedder: { dimensions: 512 },
      })
    })

    it('remembers, finds it, and keeps other namespaces out', async () => {
      const remembered = await cli(
        'remember',
        'Leo waters the ferns on Sundays',
        '--namespace',
        namespace,
        '--json',
      )
      expect(remembered.code).toBe(0)
      expect(remembered.stderr).toContain('PostgreSQL at')
      const { id } = JSON.parse(remembered.stdout)

      const found = await cli('search', 'when are the ferns watered', '--namespace', namespace, '--json')
      expect(found.code).toBe(0)
      expect(JSON.parse(found.stdout).hits[0].memory).toMatchObject({
        id,
        content: 'Leo waters the ferns on Sundays',
      })

      const other = await cli(
        'search',
        'when are the ferns watered',
        '--namespace',
        `${namespace}-other`,
        '--json',
      )
      expect(JSON.parse(other.stdout).hits).toEqual([])

      const stats = JSON.parse((await cli('stats', '--namespace', namespace, '--json')).stdout)
      expect(stats.namespaces).toEqual([expect.objectContaining({ namespace, total: 1 })])
    })
  })

  describe.runIf(databaseUrl !== undefined && databaseUrl !== '')('init --partitions', () => {
    const { url: cliUrl } = usePostgresDatabase('agent_memory_cli_split_')
    const cli = (...args: string[]) => runCli([...args, '--database-url', cliUrl()])
    /** How many hash partitions `memories` has (0: a plain table). */
    const partitionsOf = async () => {
      const client = new pg.Client({ connectionString: cliUrl() })
      await client.connect()
      try {
        const { rows } = await client.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'memories'::regclass",
        )
        return rows[0]!.n
      } finally {
        await client.end()
      }
    }

    it('splits the tables of a store that already holds memories, and they keep working', async () => {
      expect((await cli('init')).code).toBe(0)
      const before = await cli('remember', 'Mina keeps bees on the roof', '--namespace', 'mina', '--json')
      expect(before.code).toBe(0)
      expect(await partitionsOf()).toBe(0)

      const split = await cli('init', '--partitions', '4', '--json')
      expect(split.code, split.stderr).toBe(0)
      expect(JSON.parse(split.stdout)).toMatchObject({ store: { kind: 'postgres' }, partitions: 4 })
      expect(await partitionsOf()).toBe(4)

      const found = await cli('search', 'who keeps bees', '--namespace', 'mina', '--json')
      expect(JSON.parse(found.stdout).hits[0].memory).toMatchObject({ id: JSON.parse(before.stdout).id })
      expect((await cli('remember', 'Mina sells honey', '--namespace', 'mina')).code).toBe(0)
      const stats = JSON.parse((await cli('stats', '--namespace', 'mina', '--json')).stdout)
      expect(stats.namespaces).toEqual([expect.objectContaining({ namespace: 'mina', total: 2 })])
    })

    it('keeps the count once chosen: the same again is fine, another is refused', async () => {
      const again = await cli('init', '--partitions', '4')
      expect(again.code).toBe(0)
      expect(again.stdout).toContain('hash-partitioned by namespace into 4 parts')
      const other = await cli('init', '--partitions', '8')
      expect(other.code).toBe(2)
      expect(other.stderr).toMatch(/already hash-partitioned into 4 parts/)
      expect(other.stderr).not.toMatch(/\n\s+at /)
      expect(await partitionsOf()).toBe(4)
    })
  })
})
