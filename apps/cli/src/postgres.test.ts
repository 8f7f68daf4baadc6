import { randomUUID } from 'node:crypto'
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
})
