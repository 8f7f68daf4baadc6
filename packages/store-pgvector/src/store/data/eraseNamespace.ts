import type { EraseReport } from '@agent-memory/core'
import { checkNamespace } from '../context/checkNamespace.js'
import { forgetIndexFacts } from '../context/forgetIndexFacts.js'
import { forgetNamespaceSize } from '../context/forgetNamespaceSize.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { dropNamespaceIndex } from '../indexes/dropNamespaceIndex.js'
import { namespaceIndexName } from '../indexes/namespaceIndexName.js'
import { VECTOR_TABLES } from '../indexes/VECTOR_TABLES.js'
import { storeTablesWithNamespace } from './storeTablesWithNamespace.js'

/**
 * `NamespaceDataStore.eraseNamespace`. One transaction deletes the namespace's rows from every
 * table of the store, after taking `memories` in SHARE ROW EXCLUSIVE mode: writers already under
 * way finish first and are erased with the rest, later ones wait and land after the erase, so
 * no write is half erased (its memory gone but its keyword statistics or chunks left, or the
 * reverse). Reads go on meanwhile. The namespace's vector indexes are dropped after the commit
 * (`CONCURRENTLY` on PostgreSQL; an index the drop misses is an orphan `maintainVectorIndexes`
 * removes). The embedded store's in-process indexes drop what they hold before their next search
 * (the change log's truncate mark), and on PGlite a VACUUM makes the space reusable.
 */
export async function eraseNamespace(context: StoreContext, namespace: string): Promise<EraseReport> {
  const ns = checkNamespace(namespace)
  const report = await routed(context, 'write', ns).transaction(async (sql) => {
    await sql.query('LOCK TABLE memories IN SHARE ROW EXCLUSIVE MODE')
    const tables = await storeTablesWithNamespace(sql)
    const chunks = await sql.query('DELETE FROM memory_chunks WHERE namespace = $1', [ns])
    const memories = await sql.query('DELETE FROM memories WHERE namespace = $1', [ns])
    const otherRows: Record<string, number> = {}
    // After `memories`: its triggers append keyword statistics and change-log rows as it deletes.
    for (const table of tables) {
      if (table === 'memories' || table === 'memory_chunks') continue
      const deleted = await sql.query(`DELETE FROM "${table}" WHERE namespace = $1`, [ns])
      if (deleted.rowCount > 0) otherRows[table] = deleted.rowCount
    }
    if (tables.includes('agent_memory_keyword_changes')) {
      // The namespace's entries are gone, so the in-process indexes of every process following
      // the log (this one, or the holder serving this client) cannot learn of the erase from
      // them: the truncate mark, which names no namespace, makes each drop what it holds.
      await sql.query(`INSERT INTO agent_memory_keyword_changes (namespace, id) VALUES ('', '')`)
    }
    if (tables.includes('agent_memory_keyword_log')) {
      // The same for the processes holding keyword indexes on PostgreSQL (`SharedKeywordIndex`).
      await sql.query(`INSERT INTO agent_memory_keyword_log (namespace, id) VALUES ('', '')`)
    }
    return { namespace: ns, memories: memories.rowCount, chunks: chunks.rowCount, otherRows, indexes: 0 }
  })
  for (const table of VECTOR_TABLES)
    for (const graph of ['sparse', 'dense'] as const) {
      const name = namespaceIndexName(table, ns, graph)
      const found = await context.executor.transaction(async (sql) => {
        const exists = await sql.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [
          name,
        ])
        return exists.rows[0]?.found === true
      })
      if (!found) continue
      await dropNamespaceIndex(context, table, undefined, name)
      report.indexes += 1
      forgetIndexFacts(context, table)
    }
  for (const table of VECTOR_TABLES) forgetNamespaceSize(context, table, ns)
  context.keywordStats.delete(ns)
  context.keywordWrites.delete(ns)
  context.namespaceInserts.delete(ns)
  if (context.executor.kind === 'pglite' && !context.executor.readOnly) {
    await context.executor.session(async (sql) => {
      for (const table of ['memories', 'memory_chunks']) await sql.query(`VACUUM ${table}`)
    })
  }
  return report
}
