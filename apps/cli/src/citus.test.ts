import { randomUUID } from 'node:crypto'
import { requireCitus } from '@agent-memory/testkit'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'

if (requireCitus('agent-memory on a Citus cluster (subprocess)')) {
  describe('agent-memory on a Citus cluster (subprocess)', () => {
    const url = process.env.CITUS_DATABASE_URL!
    // A schema of its own: it exists on every node, where a database made on the coordinator would not.
    const schema = `am_cli_${randomUUID().replaceAll('-', '').slice(0, 12)}`
    const namespace = `cli-${randomUUID()}`
    const cli = (...args: string[]) => runCli([...args, '--database-url', url, '--schema', schema])

    afterAll(async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await client.end()
    })

    it('init --citus distributes the store; remember and search find it on the workers; doctor checks the cluster', async () => {
      const init = await cli('init', '--citus')
      expect(init.stderr).toBe('')
      expect(init.code).toBe(0)
      expect(init.stdout).toContain('tables: distributed by namespace on Citus')
      expect((await cli('init', '--citus')).code).toBe(0)

      const remembered = await cli(
        'remember',
        'Leo waters the ferns on Sundays',
        '--namespace',
        namespace,
        '--json',
      )
      expect(remembered.code).toBe(0)
      expect(remembered.stderr).toContain('Citus at')
      const { id } = JSON.parse(remembered.stdout)
      const found = await cli('search', 'when are the ferns watered', '--namespace', namespace, '--json')
      expect(found.code).toBe(0)
      expect(JSON.parse(found.stdout).hits[0].memory).toMatchObject({
        id,
        content: 'Leo waters the ferns on Sundays',
      })

      const doctor = await cli('doctor', '--json')
      const checks = JSON.parse(doctor.stdout).checks as Array<{ name: string; status: string }>
      for (const name of ['citus', 'citus-layout', 'citus-settings']) {
        expect(checks.find((check) => check.name === name)?.status, name).toBe('ok')
      }
    })

    it('doctor names a distributed table without a replica identity (a store distributed by an older version) and init --citus gives it one', async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      const identity = async () =>
        (
          await client.query<{ identity: string }>(
            'SELECT relreplident::text AS identity FROM pg_class WHERE oid = to_regclass($1)',
            [`${schema}.agent_memory_keyword_lexemes`],
          )
        ).rows[0]?.identity
      try {
        expect(await identity()).toBe('f')
        await client.query(`ALTER TABLE ${schema}.agent_memory_keyword_lexemes REPLICA IDENTITY DEFAULT`)
        const before = JSON.parse((await cli('doctor', '--json')).stdout).checks as Array<{
          name: string
          status: string
          detail: string
          fix?: string
        }>
        const layout = before.find((check) => check.name === 'citus-layout')
        expect(layout).toMatchObject({ status: 'fail' })
        expect(layout?.detail).toContain('agent_memory_keyword_lexemes has no replica identity')
        expect(layout?.detail).not.toContain('agent_memory_keyword_corpus')
        expect(layout?.fix).toContain('ALTER TABLE agent_memory_keyword_lexemes REPLICA IDENTITY FULL')

        expect((await cli('init', '--citus')).code).toBe(0)
        expect(await identity()).toBe('f')
        const after = JSON.parse((await cli('doctor', '--json')).stdout).checks as Array<{
          name: string
          status: string
        }>
        expect(after.find((check) => check.name === 'citus-layout')?.status).toBe('ok')
      } finally {
        await client.end()
      }
    })
  })
}
