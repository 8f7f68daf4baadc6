import { describe, it } from 'vitest'

/**
 * Whether the Citus suite named `suite` can run (CITUS_DATABASE_URL, a coordinator's URL, set and
 * not empty). Without it this registers, in the suite's place, a failing case under CI (the Citus
 * suites are mandatory there, as the PostgreSQL ones) or a visible skip, never a silent one.
 */
export function requireCitus(suite: string): boolean {
  const url = process.env.CITUS_DATABASE_URL
  if (url !== undefined && url !== '') return true
  describe(suite, () => {
    if (process.env.CI === 'true') {
      it('needs CITUS_DATABASE_URL under CI', () => {
        throw new Error(
          'CITUS_DATABASE_URL is required under CI=true (run scripts/setup-citus.sh with the Citus source tarball)',
        )
      })
    } else {
      it.skip('needs CITUS_DATABASE_URL (scripts/setup-citus.sh starts a coordinator and two workers)', () => {})
    }
  })
  return false
}
