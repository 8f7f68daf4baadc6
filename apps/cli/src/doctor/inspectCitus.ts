import type pg from 'pg'
import type { DoctorCheck } from './DoctorCheck.js'

/** What a distributed store needs of each table (kept in step with the store's `CITUS_LAYOUT`). */
const DISTRIBUTED = [
  'memories',
  'memory_chunks',
  'agent_memory_access',
  'agent_memory_keyword_corpus',
  'agent_memory_keyword_lexemes',
]
const REFERENCE = ['agent_memory_meta']
const SETTINGS: Record<string, string> = {
  'citus.propagate_set_commands': 'local',
  'citus.enable_unsafe_triggers': 'on',
}
const INIT = 'run agent-memory init --citus --database-url <the coordinator> on an empty store'

/**
 * The Citus checks, on a database where the citus extension is installed (none otherwise): the
 * coordinator and its workers answering, the store's tables distributed by namespace and
 * co-located (the meta table a reference table) each with a replica identity, and the two settings
 * the store relies on.
 */
export async function inspectCitus(client: pg.Client): Promise<DoctorCheck[]> {
  const installed = await client.query<{ version: string | null }>(
    "SELECT (SELECT extversion FROM pg_extension WHERE extname = 'citus') AS version",
  )
  const version = installed.rows[0]?.version ?? null
  if (version === null) return []
  const checks: DoctorCheck[] = []
  const nodes = await client.query<{ name: string; active: boolean }>(
    `SELECT nodename || ':' || nodeport AS name, isactive AS active FROM pg_dist_node
       WHERE noderole = 'primary' AND groupid <> 0 ORDER BY nodeport`,
  )
  const answers = await client.query<{ name: string; success: boolean; result: string }>(
    "SELECT nodename || ':' || nodeport AS name, success, result FROM run_command_on_workers('SELECT 1')",
  )
  const silent = answers.rows.filter((row) => !row.success)
  const inactive = nodes.rows.filter((row) => !row.active)
  checks.push(
    nodes.rows.length === 0
      ? {
          name: 'citus',
          status: 'fail',
          detail: `Citus ${version} is installed but the coordinator has no workers`,
          fix: "register each worker on the coordinator: SELECT citus_add_node('<host>', <port>)",
        }
      : silent.length > 0 || inactive.length > 0
        ? {
            name: 'citus',
            status: 'fail',
            detail: `Citus ${version}: ${[...silent.map((row) => `${row.name} does not answer (${row.result})`), ...inactive.map((row) => `${row.name} is inactive`)].join('; ')}`,
            fix: "start the worker and check that the coordinator can reach it (pg_hba, listen_addresses); an inactive one comes back with SELECT citus_activate_node('<host>', <port>)",
          }
        : {
            name: 'citus',
            status: 'ok',
            detail: `Citus ${version}: this is the coordinator; ${nodes.rows.length} worker(s) answer (${nodes.rows.map((row) => row.name).join(', ')})`,
          },
  )
  // replicable: a replica identity logical replication accepts (FULL, or the primary key, or a
  // chosen unique index), without which Citus's default shard move refuses the table.
  const layout = await client.query<{
    name: string
    method: string | null
    key: string | null
    colocation: number | null
    replicable: boolean
  }>(
    `SELECT t.name, p.partmethod::text AS method,
       CASE WHEN p.partmethod = 'h' THEN column_to_column_name(p.logicalrelid, p.partkey) END AS key,
       p.colocationid AS colocation,
       CASE c.relreplident
         WHEN 'f' THEN true
         WHEN 'd' THEN EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisprimary)
         WHEN 'i' THEN EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisreplident)
         ELSE false END AS replicable
     FROM unnest($1::text[]) AS t(name) JOIN pg_class c ON c.oid = to_regclass(t.name)
       LEFT JOIN pg_dist_partition p ON p.logicalrelid = c.oid`,
    [[...DISTRIBUTED, ...REFERENCE]],
  )
  const byName = new Map(layout.rows.map((row) => [row.name, row]))
  if (byName.size === 0) {
    checks.push({ name: 'citus-layout', status: 'skip', detail: 'no agent-memory tables here yet' })
  } else {
    const anchor = byName.get('memories')
    const wrong = [
      ...DISTRIBUTED.filter((name) => {
        const row = byName.get(name)
        return (
          row === undefined ||
          row.method !== 'h' ||
          row.key !== 'namespace' ||
          row.colocation !== anchor?.colocation
        )
      }).map((name) => `${name} is not distributed by namespace beside memories`),
      ...REFERENCE.filter((name) => byName.get(name)?.method !== 'n').map(
        (name) => `${name} is not a reference table`,
      ),
    ]
    const unmovable = DISTRIBUTED.filter((name) => byName.get(name)?.replicable === false)
    checks.push(
      wrong.length === 0 && unmovable.length > 0
        ? {
            name: 'citus-layout',
            status: 'fail',
            detail: `${unmovable.join(', ')} ${unmovable.length === 1 ? 'has' : 'have'} no replica identity: Citus's default shard move (logical replication, writes go on) refuses ${unmovable.length === 1 ? 'it' : 'them'}`,
            fix: `run agent-memory init --citus again (a migrate({ distribute: 'citus' }) from code): it sets ${unmovable.map((name) => `ALTER TABLE ${name} REPLICA IDENTITY FULL`).join('; ')}`,
          }
        : wrong.length === 0
          ? {
              name: 'citus-layout',
              status: 'ok',
              detail: `${DISTRIBUTED.length} tables distributed by namespace and co-located, each with a replica identity (shards move while writes go on); ${REFERENCE.join(', ')} a reference table`,
            }
          : {
              name: 'citus-layout',
              status: 'fail',
              detail: wrong.join('; '),
              fix:
                anchor?.method === 'h'
                  ? "run agent-memory init --citus again: it distributes what is missing (a migrate({ distribute: 'citus' }) from code)"
                  : `${INIT} (a store with memories in plain tables moves by agent-memory export, then import into the distributed one)`,
            },
    )
  }
  const shown = await client.query<{ name: string; value: string }>(
    'SELECT name, current_setting(name) AS value FROM unnest($1::text[]) AS name',
    [Object.keys(SETTINGS)],
  )
  const off = shown.rows.filter((row) => row.value !== SETTINGS[row.name])
  checks.push(
    off.length === 0
      ? {
          name: 'citus-settings',
          status: 'ok',
          detail: Object.entries(SETTINGS)
            .map(([name, value]) => `${name} = ${value}`)
            .join(', '),
        }
      : {
          name: 'citus-settings',
          status: 'fail',
          detail: off.map((row) => `${row.name} is ${row.value}, not ${SETTINGS[row.name]}`).join('; '),
          fix: `${off.map((row) => `ALTER DATABASE <db> SET ${row.name} = '${SETTINGS[row.name]}'`).join('; ')} on the coordinator (agent-memory init --citus does it), then reconnect`,
        },
  )
  return checks
}
