import type { Chunk } from '@agent-memory/core'
import { checkIds } from '../context/checkIds.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { checkChunks, checkVector } from '../validateWrites.js'
import { vectorLiteral } from '../vectorLiteral.js'
import { replaceChunks } from '../write/replaceChunks.js'

/**
 * `RepairStore.completeRepair`: stores the vector (and chunks) of a claimed row, only while its
 * content still has the fingerprint that was embedded; false when it changed meanwhile.
 */
export async function completeRepair(
  context: StoreContext,
  namespace: string,
  id: string,
  fingerprint: string,
  embedding: Float32Array,
  chunks?: Chunk[],
): Promise<boolean> {
  const ns = checkNamespace(namespace)
  checkIds([id, fingerprint])
  checkVector(embedding, context.dimensions, 'embedding')
  if (chunks !== undefined) checkChunks(chunks, context.dimensions, 'chunks')
  return routed(context, 'write', ns).transaction(async (sql) => {
    const updated = await sql.query(
      `UPDATE memories SET embedding = $4::vector, embed_state = 'ok', repair_attempts = 0, next_attempt_at = NULL,
           leased_until = NULL, last_error = NULL
         WHERE namespace = $1 AND id = $2 AND fingerprint = $3`,
      [ns, id, fingerprint, vectorLiteral(embedding)],
    )
    if (updated.rowCount === 0) return false
    if (chunks !== undefined) await replaceChunks(sql, ns, id, chunks)
    return true
  })
}
