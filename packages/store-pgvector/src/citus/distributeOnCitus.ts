import { StoreError } from '@agent-memory/core'
import type { SqlRunner } from '../sql/SqlRunner.js'
import { dropKeywordChangeLogTriggers } from '../store/keyword/dropKeywordChangeLogTriggers.js'
import { CITUS_KEYWORD_TRIGGERS } from './CITUS_KEYWORD_TRIGGERS.js'
import { CITUS_LAYOUT } from './CITUS_LAYOUT.js'

/**
 * Lays the migrated tables out on Citus (`CITUS_LAYOUT`), in the caller's transaction; each step
 * only where it is not done yet, so a second run changes nothing (and a run on a store laid out by an
 * older version adds what that one lacked). Refuses a store that already
 * holds memories as plain tables: distributing would leave a copy of every row on the coordinator;
 * such a store moves by export and import into a fresh distributed one.
 */
export async function distributeOnCitus(sql: SqlRunner): Promise<void> {
  const layout = await sql.query<{ name: string; method: string | null; identity: string }>(
    `SELECT t.name, p.partmethod::text AS method, c.relreplident::text AS identity FROM unnest($1::text[]) AS t(name)
       LEFT JOIN pg_class c ON c.oid = to_regclass(t.name)
       LEFT JOIN pg_dist_partition p ON p.logicalrelid = c.oid`,
    [[...CITUS_LAYOUT.distributed, ...CITUS_LAYOUT.reference]],
  )
  const methodOf = new Map(layout.rows.map((row) => [row.name, row.method]))
  const identityOf = new Map(layout.rows.map((row) => [row.name, row.identity]))
  const database = await sql.query<{ name: string }>('SELECT current_database() AS name')
  const name = `"${database.rows[0]!.name.replace(/"/g, '""')}"`
  // One connection per worker for the whole transaction: Citus runs no function DDL after a
  // parallel operation on a distributed table in the same transaction.
  await sql.query("SET LOCAL citus.multi_shard_modify_mode = 'sequential'")
  for (const [setting, value] of Object.entries(CITUS_LAYOUT.settings)) {
    await sql.query(`SET LOCAL ${setting} = '${value}'`)
    // The database's default for every session through the coordinator, where the store connects.
    await sql.query(`ALTER DATABASE ${name} SET ${setting} = '${value}'`)
  }
  // Before the tables are distributed: the shards' triggers are created with these bodies.
  for (const statement of CITUS_KEYWORD_TRIGGERS) await sql.query(statement)
  // No store on Citus holds a keyword index in process: nothing is logged for one.
  await dropKeywordChangeLogTriggers(sql)
  if (methodOf.get('memories') === null) {
    const rows = await sql.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM memories) AS any')
    if (rows.rows[0]?.any === true) {
      throw new StoreError(
        'unknown',
        'this store already holds memories in plain tables: distributing it in place would leave a copy of every row on the coordinator; ' +
          'export it (`agent-memory export`), run `agent-memory init --citus` on an empty database and import it there',
      )
    }
    // Citus cannot cascade an update of the distribution key through a foreign key; nothing
    // updates a memory's namespace or id, so the chunks' key only cascades deletes here.
    await sql.query('ALTER TABLE memory_chunks DROP CONSTRAINT IF EXISTS memory_chunks_memory_fk')
    await sql.query(`ALTER TABLE memory_chunks ADD CONSTRAINT memory_chunks_memory_fk
      FOREIGN KEY (namespace, memory_id) REFERENCES memories (namespace, id) ON DELETE CASCADE`)
  }
  if (methodOf.get('agent_memory_access') === null) {
    // A distributed table's unique key holds its distribution column: the access rows' key (the
    // access key alone on one server, migration 0013) gets the namespace before the table is
    // distributed. Migration 0013 keys a table distributed before it the same way.
    await sql.query(`ALTER TABLE agent_memory_access DROP CONSTRAINT agent_memory_access_pkey,
      ADD CONSTRAINT agent_memory_access_pkey PRIMARY KEY (namespace, access_key)`)
  }
  for (const table of CITUS_LAYOUT.distributed) {
    if (methodOf.get(table) !== null) continue
    await sql.query(
      table === 'memories'
        ? // A co-location group of its own: a shard move takes this store's tables and no other
          // table of the database (another store's in another schema, an application's).
          "SELECT create_distributed_table('memories', 'namespace', colocate_with => 'none')"
        : `SELECT create_distributed_table('${table}', 'namespace', colocate_with => 'memories')`,
    )
  }
  // After distributing (Citus passes the setting on to every shard), and on a store distributed
  // before the tables had it: without it Citus refuses to move their shards by logical replication.
  for (const table of CITUS_LAYOUT.replicaIdentityFull) {
    if (identityOf.get(table) !== 'f') await sql.query(`ALTER TABLE ${table} REPLICA IDENTITY FULL`)
  }
  for (const table of CITUS_LAYOUT.reference) {
    if (methodOf.get(table) === null) await sql.query(`SELECT create_reference_table('${table}')`)
  }
}
