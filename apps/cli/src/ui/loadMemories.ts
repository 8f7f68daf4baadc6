import type { Memory, Tier } from '@agent-memory/core'
import type { InspectorDeps } from './InspectorDeps.js'

export interface MemoryListQuery {
  tier?: Tier
  tag?: string
  text?: string
  superseded: 'hide' | 'show'
  offset: number
  limit: number
}

/** A text filter reads at most this many memories of the namespace (newest first) to find its page. */
const TEXT_SCAN_LIMIT = 5_000
const SCAN_PAGE = 500

/**
 * One page of a namespace's memories, newest first, filtered by tier, tag and a case-insensitive
 * substring of the content. Superseded and expired memories are included unless hidden: the
 * inspector shows what is stored, not only what recall would return.
 */
export async function loadMemories(deps: InspectorDeps, namespace: string, query: MemoryListQuery) {
  const filter = {
    includeExpired: true,
    includeSuperseded: query.superseded === 'show',
    ...(query.tier === undefined ? {} : { tiers: [query.tier] }),
    ...(query.tag === undefined ? {} : { tags: [query.tag] }),
  }
  if (query.text === undefined) {
    // One extra row says whether there is a next page.
    const rows = await deps.memory.list(namespace, { filter, limit: query.limit + 1, offset: query.offset })
    return { memories: rows.slice(0, query.limit), hasMore: rows.length > query.limit, scanned: undefined }
  }
  const needle = query.text.toLocaleLowerCase()
  const matches: Memory[] = []
  let scanned = 0
  while (scanned < TEXT_SCAN_LIMIT && matches.length <= query.offset + query.limit) {
    const rows = await deps.memory.list(namespace, { filter, limit: SCAN_PAGE, offset: scanned })
    scanned += rows.length
    for (const memory of rows) if (memory.content.toLocaleLowerCase().includes(needle)) matches.push(memory)
    if (rows.length < SCAN_PAGE) break
  }
  return {
    memories: matches.slice(query.offset, query.offset + query.limit),
    hasMore: matches.length > query.offset + query.limit,
    scanned: scanned >= TEXT_SCAN_LIMIT ? scanned : undefined,
  }
}
