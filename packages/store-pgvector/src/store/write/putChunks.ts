import type { Chunk } from '@agent-memory/core'
import { checkIds } from '../context/checkIds.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { forgetNamespaceSize } from '../context/forgetNamespaceSize.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { checkChunks } from '../validateWrites.js'
import { replaceChunks } from './replaceChunks.js'

/** `ChunkStore.putChunks`: replaces a memory's chunks, only while its content still has this fingerprint. */
export async function putChunks(
  context: StoreContext,
  namespace: string,
  memoryId: string,
  fingerprint: string,
  chunks: Chunk[],
): Promise<boolean> {
  const ns = checkNamespace(namespace)
  checkIds([memoryId, fingerprint])
  checkChunks(chunks, context.dimensions, 'chunks')
  return routed(context, 'write', ns).transaction(async (sql) => {
    const owner = await sql.query(
      'SELECT 1 FROM memories WHERE namespace = $1 AND id = $2 AND fingerprint = $3 FOR UPDATE',
      [ns, memoryId, fingerprint],
    )
    if (owner.rows.length === 0) return false
    await replaceChunks(sql, ns, memoryId, chunks)
    forgetNamespaceSize(context, 'memory_chunks', ns)
    return true
  })
}
