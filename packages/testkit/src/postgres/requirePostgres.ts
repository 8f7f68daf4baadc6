import { describe, it } from 'vitest'

/**
 * Whether the real-server suite named `suite` can run (DATABASE_URL set and not empty). Without
 * it this registers, in the suite's place, a failing case under CI (the real-Postgres suites are
 * mandatory there) or a visible skip, never a silent one.
 */
export function requirePostgres(suite: string): boolean {
  const url = process.env.DATABASE_URL
  if (url !== undefined && url !== '') return true
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
