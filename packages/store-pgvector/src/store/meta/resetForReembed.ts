import type { StoreContext } from '../context/StoreContext.js'
import { markAllPending } from '../repair/markAllPending.js'

/**
 * Prepares a switch to another embedder (`agent-memory reembed`): drops every vector, queues
 * every memory for repair and forgets the recorded embedder. Returns how many memories were queued.
 */
export async function resetForReembed(context: StoreContext): Promise<number> {
  const queued = await markAllPending(context)
  await context.executor.transaction(async (sql) => {
    await sql.query('DELETE FROM agent_memory_meta')
  })
  return queued
}
