import type { DoctorCheck } from './DoctorCheck.js'

/** What `readAutovacuumFacts` reads on the server. */
export interface AutovacuumFacts {
  /** The server's `autovacuum` setting. */
  server: boolean
  /** `track_counts`: without it the autovacuum launcher has no statistics to act on. */
  trackCounts: boolean
  /** agent-memory's tables (or partitions) with `autovacuum_enabled = false` of their own. */
  disabledTables: string[]
}

const WHY =
  'every search rewrites the access statistics of the memories it returns, and supersede, forget and the keyword statistics rewrite rows too: without vacuum the dead row versions pile up in the table and in its vector and keyword indexes, and searches slow down hour by hour'

/**
 * Whether dead row versions get cleaned up. A store serving searches writes a new version of each
 * row it returns (its access count); on a server without autovacuum, the 30-minute soak's search p50
 * went from 36 to 167 ms (docs/measurements.md), against flat with it on.
 */
export function judgeAutovacuum(facts: AutovacuumFacts): DoctorCheck {
  const off = [
    ...(facts.server ? [] : ['autovacuum is off on the server']),
    ...(facts.trackCounts ? [] : ['track_counts is off on the server (autovacuum needs it)']),
    ...(facts.disabledTables.length === 0
      ? []
      : [`autovacuum_enabled = false on ${facts.disabledTables.join(', ')}`]),
  ]
  if (off.length === 0) {
    return { name: 'autovacuum', status: 'ok', detail: "autovacuum cleans the store's tables" }
  }
  return {
    name: 'autovacuum',
    status: 'fail',
    detail: `${off.join('; ')}: ${WHY}`,
    fix:
      (facts.server && facts.trackCounts
        ? ''
        : 'set autovacuum = on and track_counts = on in postgresql.conf (or ALTER SYSTEM) and reload the server; ') +
      (facts.disabledTables.length === 0
        ? ''
        : `run ALTER TABLE … RESET (autovacuum_enabled) on ${facts.disabledTables.join(', ')}; `) +
      'if it must stay off, run VACUUM on the store’s tables on a schedule',
  }
}
