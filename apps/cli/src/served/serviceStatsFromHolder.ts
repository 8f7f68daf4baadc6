import type { MemoryServiceStats } from '@agent-memory/core'
import { type AskHolderOptions, askHolder } from './askHolder.js'

/**
 * The service counters of the process holding the data directory (`MemoryService.stats()`, its
 * embedding caches), or `undefined` when none serves it (or one too old to answer).
 */
export async function serviceStatsFromHolder(
  socketPath: string,
  options: AskHolderOptions = {},
): Promise<{ stats: MemoryServiceStats; servedBy: string } | undefined> {
  const reply = await askHolder(socketPath, { v: 1, stats: true }, options)
  return reply === undefined
    ? undefined
    : { stats: reply.result as MemoryServiceStats, servedBy: reply.servedBy }
}
