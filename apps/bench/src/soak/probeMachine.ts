import pg from 'pg'

const WORK = Array.from({ length: 20_000 }, (_, i) => (i * 7_919) % 10_007)

/**
 * A probe of how fast the machine is at this moment without touching the store: a fixed CPU job
 * (sorting 20,000 numbers) and, given a database URL, a `SELECT 1` round trip on a connection of
 * its own (the server's share of the machine). `close()` ends its connection.
 */
export async function probeMachine(
  databaseUrl: string | undefined,
): Promise<{ probe(): Promise<void>; close(): Promise<void> }> {
  const client = databaseUrl === undefined ? undefined : new pg.Client({ connectionString: databaseUrl })
  await client?.connect()
  return {
    async probe() {
      ;[...WORK].sort((a, b) => a - b)
      await client?.query('SELECT 1')
    },
    close: async () => {
      await client?.end()
    },
  }
}
