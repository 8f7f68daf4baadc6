import pg from 'pg'
import { summarizeLatencies } from '../../harness/summarizeLatencies.js'

const ROUNDS = 200

/**
 * What the delaying proxy adds, measured: `SELECT 1` round trips on a connection straight to the
 * server and on one through the proxy, alternated query by query so both see the same machine.
 */
export async function measureAddedLatency(
  directUrl: string,
  proxiedUrl: string,
): Promise<{ directP50Ms: number; proxiedP50Ms: number }> {
  const direct = new pg.Client({ connectionString: directUrl })
  const proxied = new pg.Client({ connectionString: proxiedUrl })
  await direct.connect()
  try {
    await proxied.connect()
    try {
      const times = { direct: [] as number[], proxied: [] as number[] }
      for (let i = 0; i < ROUNDS; i++) {
        for (const [name, client] of [
          ['direct', direct],
          ['proxied', proxied],
        ] as const) {
          const t0 = performance.now()
          await client.query('SELECT 1')
          if (i >= 10) times[name].push(performance.now() - t0)
        }
      }
      return {
        directP50Ms: summarizeLatencies(times.direct).p50,
        proxiedP50Ms: summarizeLatencies(times.proxied).p50,
      }
    } finally {
      await proxied.end()
    }
  } finally {
    await direct.end()
  }
}
