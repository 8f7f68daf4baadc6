import type pg from 'pg'

const SETTINGS = [
  'server_version',
  'shared_buffers',
  'work_mem',
  'maintenance_work_mem',
  'max_parallel_workers_per_gather',
  'max_parallel_maintenance_workers',
  'synchronous_commit',
  'fsync',
  'jit',
]

/** Server and pgvector versions plus the settings that move the figures, as the bench session sees them. */
export async function postgresEnvironment(pool: pg.Pool): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const name of SETTINGS) {
    const { rows } = await pool.query<{ value: string }>('SELECT current_setting($1) AS value', [name])
    out[`postgres.${name}`] = rows[0]?.value ?? '?'
  }
  const { rows } = await pool.query<{ extversion: string }>(
    "SELECT extversion FROM pg_extension WHERE extname = 'vector'",
  )
  out['pgvector (native)'] = rows[0]?.extversion ?? 'not installed'
  return out
}
