import type { DoctorCheck } from './DoctorCheck.js'

/** Iterative index scans (`hnsw.iterative_scan`), which the store's filtered HNSW search sets. */
const MINIMUM = [0, 8, 0]

function atLeastMinimum(version: string): boolean {
  const parts = version.split('.').map((part) => Number.parseInt(part, 10) || 0)
  for (let index = 0; index < MINIMUM.length; index += 1) {
    const part = parts[index] ?? 0
    if (part !== MINIMUM[index]) return part > MINIMUM[index]!
  }
  return true
}

/**
 * pgvector in this database: `installed` is `pg_extension`'s version (null: not created here),
 * `available` the server's default version (null: the server has no pgvector at all).
 */
export function judgePgvector(installed: string | null, available: string | null): DoctorCheck {
  if (installed !== null) {
    return atLeastMinimum(installed)
      ? { name: 'pgvector', status: 'ok', detail: `pgvector ${installed}` }
      : {
          name: 'pgvector',
          status: 'fail',
          detail: `pgvector ${installed} is older than ${MINIMUM.join('.')} (no iterative index scans)`,
          fix:
            available !== null && atLeastMinimum(available)
              ? `run ALTER EXTENSION vector UPDATE in this database (the server has ${available})`
              : 'upgrade pgvector on the server to 0.8 or newer, then run ALTER EXTENSION vector UPDATE',
        }
  }
  if (available !== null) {
    return {
      name: 'pgvector',
      status: 'fail',
      detail: `the vector extension is not created in this database (the server has pgvector ${available})`,
      fix: 'run agent-memory init, which runs CREATE EXTENSION vector (as a role allowed to create extensions)',
    }
  }
  return {
    name: 'pgvector',
    status: 'fail',
    detail: 'the server has no pgvector extension',
    fix:
      'install pgvector 0.8 or newer on the server (Debian: apt install postgresql-<major>-pgvector; ' +
      "managed services such as Supabase, Neon and RDS ship it: enable it in the provider's settings), then run agent-memory init",
  }
}
