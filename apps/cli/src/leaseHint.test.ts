import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { usePostgresDatabase } from './__fixtures__/usePostgresDatabase.js'

const databaseUrl = process.env.DATABASE_URL

describe.runIf(databaseUrl !== undefined && databaseUrl !== '')(
  'stats on leased rows (real binary, PostgreSQL)',
  () => {
    const { url } = usePostgresDatabase('agent_memory_cli_lease_')

    it('says what a lease left by a killed repair means and when it lapses', async () => {
      expect((await runCli(['init', '--database-url', url()])).code).toBe(0)
      expect(
        (await runCli(['remember', 'Waters the ferns on Sundays', '-n', 'ada', '--database-url', url()]))
          .code,
      ).toBe(0)
      const db = new pg.Client({ connectionString: url() })
      await db.connect()
      try {
        // What a repair killed mid-run leaves: a pending row leased for ten minutes.
        await db.query(
          "UPDATE memories SET embed_state = 'pending', embedding = NULL, leased_until = now() + interval '10 minutes'",
        )
      } finally {
        await db.end()
      }
      const stats = await runCli(['stats', '--database-url', url()])
      expect(stats.code).toBe(0)
      expect(stats.stdout).toContain(
        'embeds     1 pending (1 leased by a repair: one is running, or one was killed and its leases lapse within 10 minutes)',
      )
    })
  },
)
