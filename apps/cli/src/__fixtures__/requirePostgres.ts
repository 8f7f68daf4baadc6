import { describe, it } from 'vitest'

/** The real-server URL from DATABASE_URL, or undefined when it is unset or empty. */
export function postgresUrl(): string | undefined {
  const url = process.env.DATABASE_URL
  return url === undefined || url === '' ? undefined : url
}

/**
 * Whether the real-server suite named `suite` can run (as store-pgvector's fixture of the same
 * name). Without DATABASE_URL it registers, in its place, a failing case under CI (the real-Postgres
 * suites are mandatory there) or a visible skip, never a silent one.
 */
export function requirePostgres(suite: string): boolean {
  if (postgresUrl() !== undefined) return true
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
