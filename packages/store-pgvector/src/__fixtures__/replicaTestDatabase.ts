import pg from 'pg'
import { describe, it } from 'vitest'
import { databaseUrl } from './postgresTestDatabase.js'

/** The streaming standby's URL (scripts/setup-standby.sh prints it), or undefined. */
export function replicaUrl(): string | undefined {
  const url = process.env.REPLICA_DATABASE_URL
  return url === undefined || url === '' ? undefined : url
}

/** `url` (a database on the primary) as seen through the standby: same database, the standby's host and port. */
export function onReplica(url: string): string {
  const replica = new URL(replicaUrl()!)
  const target = new URL(url)
  target.host = replica.host
  return target.toString()
}

/**
 * Whether the replica suite named `suite` can run. Without DATABASE_URL and REPLICA_DATABASE_URL it
 * registers, in its place, a failing case under CI (the replica suite is mandatory there) or a visible skip.
 */
export function requireReplica(suite: string): boolean {
  if (databaseUrl() !== undefined && replicaUrl() !== undefined) return true
  describe(suite, () => {
    if (process.env.CI === 'true') {
      it('needs DATABASE_URL and REPLICA_DATABASE_URL under CI', () => {
        throw new Error(
          'REPLICA_DATABASE_URL is required under CI=true (run scripts/setup-standby.sh after scripts/setup-postgres.sh)',
        )
      })
    } else {
      it.skip('needs DATABASE_URL and REPLICA_DATABASE_URL (scripts/setup-standby.sh starts a standby)', () => {})
    }
  })
  return false
}

/** Waits until the standby has replayed everything the primary had written when this was called. */
export async function waitForReplay(primary: pg.Pool, standby: pg.Pool, timeoutMs = 30_000): Promise<void> {
  const target = (await primary.query('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0]
    .lsn as string
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const replayed = await standby.query('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [target])
    if (replayed.rows[0].done === true) return
    if (Date.now() > deadline)
      throw new Error(`the standby did not replay up to ${target} in ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** A pool on the standby's maintenance database (replay pause and resume). */
export function standbyAdmin(): pg.Pool {
  const url = new URL(replicaUrl()!)
  url.pathname = '/postgres'
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 })
  pool.on('error', () => undefined)
  return pool
}
