import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'

/**
 * Registers, in the calling `describe`, a database of the suite's own on the server of
 * `DATABASE_URL` (created before, dropped with `FORCE` after), so the CLI's tables never meet
 * another suite's (the migrations qualify a foreign key with "public", so a schema would not do).
 * `url()` is its connection string, `url(name)` another database's on the same server. Nothing
 * reads `DATABASE_URL` until the hooks run, so a `describe.runIf` body may call this.
 */
export function usePostgresDatabase(prefix: string): { url: (name?: string) => string } {
  const database = `${prefix}${randomUUID().replaceAll('-', '').slice(0, 12)}`
  let admin: pg.Client
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${database}`)
  })
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
    await admin.end()
  })
  return {
    url: (name = database) => {
      const parsed = new URL(process.env.DATABASE_URL!)
      parsed.pathname = `/${name}`
      return parsed.toString()
    },
  }
}
