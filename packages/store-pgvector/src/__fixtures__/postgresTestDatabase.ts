import pg from 'pg'

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

/** Shared with the CLI's suites: a failing case under CI without DATABASE_URL, a visible skip otherwise. */
export { requirePostgres } from '@agent-memory/testkit'
