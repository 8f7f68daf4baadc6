import pg from 'pg'
import { describe, it } from 'vitest'

/** The real-server URL, or undefined; under CI a missing one is a failure, not a skip. */
export function databaseUrl(): string | undefined {
  const url = process.env.DATABASE_URL
  return url === undefined || url === '' ? undefined : url
}

let counter = 0

/**
 * A fresh database on the server of DATABASE_URL, so parallel test files never collide.
 * Returns its URL and a drop function.
 */
export async function createTestDatabase(
  label: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const base = databaseUrl()
  if (base === undefined) throw new Error('DATABASE_URL is not set')
  counter += 1
  const name = `am_${label}_${process.pid}_${Date.now().toString(36)}_${counter}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(base)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: base })
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
  }
}

/**
 * A caller-owned pool as an application would build it: with its own 'error' listener. The store
 * listens only while it is open, and cleanup drops the database WITH (FORCE), which terminates
 * connections the pool may still be closing.
 */
export function testPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max })
  pool.on('error', () => {})
  return pool
}

/**
 * Whether the real-server suite named `suite` can run. Without DATABASE_URL it registers, in its
 * place, a failing case under CI (the real-Postgres suites are mandatory there) or a visible skip.
 */
export function requirePostgres(suite: string): boolean {
  if (databaseUrl() !== undefined) return true
  describe(suite, () => {
    if (process.env.CI === 'true') {
      it('needs DATABASE_URL under CI', () => {
        throw new Error('DATABASE_URL is required under CI=true (run scripts/setup-postgres.sh)')
      })
    } else {
      it.skip('needs DATABASE_URL (set it to run against a real server)', () => {})
    }
  })
  return false
}
