import type { DoctorCheck } from './DoctorCheck.js'

/**
 * Whether the database has every migration this version ships: `applied` holds the journal keys
 * (`created_at`) recorded in `agent_memory_migrations` (null: the table is missing), `shipped`
 * those of the package's migration journal.
 */
export function judgeMigrations(applied: readonly number[] | null, shipped: readonly number[]): DoctorCheck {
  if (applied === null) {
    return {
      name: 'migrations',
      status: 'fail',
      detail: 'no agent-memory tables in this database (or this --schema)',
      fix: 'run agent-memory init (it applies the migrations and records the embedder)',
    }
  }
  const done = new Set(applied)
  const missing = shipped.filter((when) => !done.has(when)).length
  if (missing > 0) {
    return {
      name: 'migrations',
      status: 'fail',
      detail: `${missing} of ${shipped.length} migrations not applied`,
      fix: 'run agent-memory init (or migrate() in your deploy step) to apply them',
    }
  }
  return { name: 'migrations', status: 'ok', detail: `all ${shipped.length} migrations applied` }
}
