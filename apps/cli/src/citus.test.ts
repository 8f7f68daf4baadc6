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
  })
}
