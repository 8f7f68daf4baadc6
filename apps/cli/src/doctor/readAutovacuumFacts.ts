import type pg from 'pg'
import type { AutovacuumFacts } from './judgeAutovacuum.js'
import { STORE_RELATIONS } from './STORE_RELATIONS.js'

/**
 * The server's `autovacuum` and `track_counts`, and which of agent-memory's tables on the
 * connection's search path (a split table's partitions included) turned it off for themselves.
 */
export async function readAutovacuumFacts(client: Pick<pg.Client, 'query'>): Promise<AutovacuumFacts> {
  const { rows } = await client.query<{ server: boolean; track_counts: boolean; disabled: string[] }>(
    `${STORE_RELATIONS}
     SELECT current_setting('autovacuum')::boolean AS server,
       current_setting('track_counts')::boolean AS track_counts,
       coalesce((SELECT array_agg(c.relname::text ORDER BY c.relname) FROM relations r
         JOIN pg_class c ON c.oid = r.oid
         WHERE EXISTS (SELECT 1 FROM pg_options_to_table(c.reloptions) AS o
           WHERE o.option_name = 'autovacuum_enabled' AND NOT o.option_value::boolean)), '{}') AS disabled`,
  )
  const row = rows[0]!
  return { server: row.server, trackCounts: row.track_counts, disabledTables: row.disabled }
}
