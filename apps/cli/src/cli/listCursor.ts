import { createHash } from 'node:crypto'
import { UsageError } from './UsageError.js'

/** What a `list` cursor must match: the same namespace, filters and order as the page it came from. */
export interface ListQuery {
  namespace: string
  orderBy: string
  tiers: readonly string[]
  tags: readonly string[]
  all: boolean
}

const keyOf = (query: ListQuery): string =>
  createHash('sha256').update(JSON.stringify(query)).digest('base64url').slice(0, 16)

/**
 * `list` page cursors: opaque to the caller, bound to the query they continue (a cursor from
 * another namespace or filter is a usage error, not a silently wrong page).
 */
export const listCursor = {
  encode(query: ListQuery, offset: number): string {
    return Buffer.from(JSON.stringify({ o: offset, k: keyOf(query) })).toString('base64url')
  },
  /** The offset a cursor continues from. */
  decode(query: ListQuery, cursor: string): number {
    let parsed: unknown
    try {
      parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    } catch {
      parsed = undefined
    }
    const { o, k } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as {
      o?: unknown
      k?: unknown
    }
    if (typeof o !== 'number' || !Number.isSafeInteger(o) || o < 0 || typeof k !== 'string') {
      throw new UsageError('--cursor: not a cursor printed by agent-memory list')
    }
    if (k !== keyOf(query)) {
      throw new UsageError(
        '--cursor: this cursor continues another listing (namespace, --tier, --tag, --order-by or --all differ)',
      )
    }
    return o
  },
}
