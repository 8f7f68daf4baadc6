import { METADATA_KEY_PATTERN, type MetadataFilterValue } from '@agent-memory/core'
import type { FilterParts } from './FilterParts.js'
import { isOperatorObject } from './isOperatorObject.js'

/**
 * A LangGraph filter in two parts: the equalities the store can answer itself (a top-level field
 * with a scalar value, as a metadata filter, so paging happens in SQL) and the rest, checked here
 * on each item (`matchesFilter`).
 */
export function splitFilter(filter: Record<string, unknown> | undefined): FilterParts {
  if (filter === undefined) return { metadata: undefined, rest: undefined }
  const metadata: Record<string, MetadataFilterValue> = {}
  const rest: Record<string, unknown> = {}
  for (const [field, wanted] of Object.entries(filter)) {
    const equal =
      isOperatorObject(wanted) && Object.keys(wanted).length === 1 && '$eq' in wanted ? wanted.$eq : wanted
    if (METADATA_KEY_PATTERN.test(field) && isScalar(equal) && !isOperatorObject(equal))
      metadata[field] = equal
    else rest[field] = wanted
  }
  return {
    metadata: Object.keys(metadata).length > 0 ? metadata : undefined,
    rest: Object.keys(rest).length > 0 ? rest : undefined,
  }
}

function isScalar(value: unknown): value is MetadataFilterValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value)
}
