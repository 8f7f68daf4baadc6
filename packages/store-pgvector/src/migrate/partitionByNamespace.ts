import { InvalidArgumentError } from '@agent-memory/core'
import type { SqlRunner } from '../sql/SqlRunner.js'
import { namespaceIndexPattern } from '../store/indexes/namespaceIndexPattern.js'

/** The two vector tables, parent first: `memory_chunks`' foreign key points at `memories`. */
const TABLES = ['memories', 'memory_chunks'] as const

/** Hash partitions of the vector tables (a plain table has none), as `schemaIsCurrent` counts them. */
async function namespacePartitions(sql: SqlRunner): Promise<number> {
  const found = await sql.query<{ partitions: number }>(
    "SELECT count(*)::int AS partitions FROM pg_inherits WHERE inhparent = to_regclass('memories')",
  )
  return Number(found.rows[0]?.partitions ?? 0)
}

/**
 * Rebuilds `memories` and `memory_chunks` as tables hash-partitioned by `namespace` into
 * `partitions` parts, rows, indexes, constraints and triggers included, inside the caller's
 * transaction (it holds both tables exclusively until it commits). Why: every per-namespace index is
 * a partial index, and PostgreSQL opens every index of a table to plan a statement on it and to
 * write a row to it; split by namespace, a statement (its namespace a constant of its plan) is
 * pruned to one partition and opens only that partition's indexes (W11). The per-namespace indexes
 * of the old tables go with them (and their registrations): maintenance builds them again, on the
 * partition holding each namespace. A store already split into `partitions` is left alone; one split
 * another way is an error (the count is fixed when the tables are built).
 */
export async function partitionByNamespace(sql: SqlRunner, partitions: number): Promise<void> {
  const current = await namespacePartitions(sql)
  if (current === partitions) return
  if (current !== 0) {
    throw new InvalidArgumentError(
      'partitions',
      `memories is already hash-partitioned into ${current} parts; the count is fixed when the tables are built`,
    )
  }
  const foreignKey = await sql.query<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
       WHERE conrelid = 'memory_chunks'::regclass AND contype = 'f'`,
  )
  for (const fk of foreignKey.rows)
    await sql.query(`ALTER TABLE memory_chunks DROP CONSTRAINT ${quote(fk.name)}`)
  for (const table of TABLES) await rebuild(sql, table, partitions)
  for (const fk of foreignKey.rows)
    await sql.query(`ALTER TABLE memory_chunks ADD CONSTRAINT ${quote(fk.name)} ${fk.definition}`)
  await sql.query('DELETE FROM agent_memory_vector_indexes')
}

async function rebuild(sql: SqlRunner, table: (typeof TABLES)[number], partitions: number): Promise<void> {
  const old = `${table}_unpartitioned`
  // What to build again, read before the rename: the per-namespace indexes (run-time state) stay behind.
  const indexes = await sql.query<{ name: string; definition: string; constraint: string | null }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition,
         (SELECT pg_get_constraintdef(k.oid) FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid) AS constraint
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE i.indrelid = $1::regclass AND c.relname !~ $2`,
    [table, namespaceIndexPattern()],
  )
  const triggers = await sql.query<{ definition: string }>(
    'SELECT pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal',
    [table],
  )
  await sql.query(`ALTER TABLE ${table} RENAME TO ${old}`)
  for (const index of indexes.rows)
    await sql.query(`ALTER INDEX ${quote(index.name)} RENAME TO ${quote(`${index.name}_old`.slice(0, 63))}`)
  await sql.query(
    `CREATE TABLE ${table} (LIKE ${old} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE INCLUDING COMMENTS)
       PARTITION BY HASH (namespace)`,
  )
  const width = String(partitions - 1).length
  for (let p = 0; p < partitions; p++) {
    await sql.query(
      `CREATE TABLE ${table}_p${String(p).padStart(width, '0')} PARTITION OF ${table} FOR VALUES WITH (MODULUS ${partitions}, REMAINDER ${p})`,
    )
  }
  // Rows first, then the indexes over them: one build each instead of an insert per row into each.
  await sql.query(`INSERT INTO ${table} SELECT * FROM ${old}`)
  for (const index of indexes.rows) {
    if (index.constraint !== null) {
      await sql.query(`ALTER TABLE ${table} ADD CONSTRAINT ${quote(index.name)} ${index.constraint}`)
    } else {
      // Read before the renames, the definition names the index and the table as they were: both
      // names now belong to the new ones.
      await sql.query(index.definition)
    }
  }
  await sql.query(`DROP TABLE ${old}`)
  // After the rows moved: the keyword statistics triggers would count every row a second time.
  for (const trigger of triggers.rows) await sql.query(trigger.definition)
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`
}
