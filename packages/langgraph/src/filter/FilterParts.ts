import type { MetadataFilterValue } from '@agent-memory/core'

/** A LangGraph filter split by `splitFilter`: what the store answers, and what is checked per item. */
export interface FilterParts {
  metadata: Record<string, MetadataFilterValue> | undefined
  rest: Record<string, unknown> | undefined
}
