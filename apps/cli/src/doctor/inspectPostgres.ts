import { readFileSync } from 'node:fs'
import type pg from 'pg'
import { redactUrl } from '../config/redactUrl.js'
import type { DoctorCheck } from './DoctorCheck.js'
import { inspectCitus } from './inspectCitus.js'
import { judgeAutovacuum } from './judgeAutovacuum.js'
import { judgeMigrations } from './judgeMigrations.js'
import { judgePgvector } from './judgePgvector.js'
import { judgeSharedBuffers } from './judgeSharedBuffers.js'
import { readAutovacuumFacts } from './readAutovacuumFacts.js'
import { readBufferFacts } from './readBufferFacts.js'

/** How long the doctor waits for the server before calling it unreachable. */
const CONNECT_TIMEOUT_MS = 5_000

function skipped(name: DoctorCheck['name'], detail: string): DoctorCheck {
  return { name, status: 'skip', detail }
}

/** The journal keys of the migrations this version of the store ships. */
async function shippedMigrations(): Promise<number[]> {
  const { migrationsFolder } = await import('@agent-memory/store-pgvector')
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: Array<{ when: number }>
  }
  return journal.entries.map((entry) => entry.when)
}

async function appliedMigrations(client: pg.Client): Promise<number[] | null> {
  const table = await client.query<{ found: boolean }>(
    "SELECT to_regclass('agent_memory_migrations') IS NOT NULL AND to_regclass('memories') IS NOT NULL AS found",
  )
  if (table.rows[0]?.found !== true) return null
  const { rows } = await client.query<{ when: string }>(
    'SELECT created_at::text AS when FROM agent_memory_migrations',
  )
  return rows.map((row) => Number(row.when))
}

/**
 * The PostgreSQL checks, read-only, over one connection: reachable, pgvector, migrations, and the
 * buffer pool against the store's size, autovacuum. A failure that leaves nothing to look at skips the rest.
 */
export async function inspectPostgres(url: string, schema: string | undefined): Promise<DoctorCheck[]> {
  const { default: pgModule } = await import('pg')
  const client = new pgModule.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  // An error of the idle connection must not crash the doctor.
  client.on('error', () => undefined)
  const where = redactUrl(url)
  try {
    await client.connect()
  } catch (error) {
    const reason = error instanceof Error && error.message !== '' ? error.message : String(error)
    return [
      {
        name: 'database',
        status: 'fail',
        detail: `cannot reach PostgreSQL at ${where}: ${reason.replaceAll(url, where)}`,
        fix: 'check the host, port, database name and credentials in DATABASE_URL (or --database-url), and that the server accepts connections from here',
      },
      skipped('pgvector', 'the database is unreachable'),
      skipped('migrations', 'the database is unreachable'),
      skipped('shared-buffers', 'the database is unreachable'),
      skipped('autovacuum', 'the database is unreachable'),
    ]
  }
  try {
    if (schema !== undefined) await client.query(`SET search_path TO "${schema}", public`)
    const facts = await client.query<{ server: string; installed: string | null; available: string | null }>(
      `SELECT current_setting('server_version') AS server,
         (SELECT extversion FROM pg_extension WHERE extname = 'vector') AS installed,
         (SELECT default_version FROM pg_available_extensions WHERE name = 'vector') AS available`,
    )
    const { server, installed, available } = facts.rows[0]!
    const checks: DoctorCheck[] = [
      {
        name: 'database',
        status: 'ok',
        detail: `PostgreSQL ${server} at ${where}${schema === undefined ? '' : ` (schema ${schema})`}`,
      },
      judgePgvector(installed, available),
    ]
    const migrations = judgeMigrations(await appliedMigrations(client), await shippedMigrations())
    checks.push(migrations)
    checks.push(
      migrations.status === 'ok'
        ? judgeSharedBuffers(await readBufferFacts(client))
        : skipped('shared-buffers', 'no agent-memory tables to measure yet'),
    )
    checks.push(judgeAutovacuum(await readAutovacuumFacts(client)))
    checks.push(...(await inspectCitus(client)))
    return checks
  } finally {
    await client.end().catch(() => undefined)
  }
}
