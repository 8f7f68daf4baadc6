import { isOperatorObject } from './isOperatorObject.js'

/**
 * LangGraph's filter on an item's value: every field must match, a plain value by equality, an
 * object of operators (`$eq`, `$ne`, `$gt`, `$gte`, `$lt`, `$lte`, `$in`, `$nin`) by each of them,
 * the comparisons of LangGraph's own stores.
 */
export function matchesFilter(value: Record<string, unknown>, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([field, wanted]) => compare(value[field], wanted))
}

function compare(actual: unknown, wanted: unknown): boolean {
  if (!isOperatorObject(wanted)) return deepEqual(actual, wanted)
  return Object.entries(wanted).every(([operator, operand]) => {
    switch (operator) {
      case '$eq':
        return deepEqual(actual, operand)
      case '$ne':
        return !deepEqual(actual, operand)
      case '$gt':
        return Number(actual) > Number(operand)
      case '$gte':
        return Number(actual) >= Number(operand)
      case '$lt':
        return Number(actual) < Number(operand)
      case '$lte':
        return Number(actual) <= Number(operand)
      case '$in':
        return Array.isArray(operand) && operand.some((candidate) => deepEqual(actual, candidate))
      default:
        return !Array.isArray(operand) || !operand.some((candidate) => deepEqual(actual, candidate))
    }
  })
}

/** JSON equality: values come back from the store as JSON, so `{ a: 1 }` equals a stored `{ a: 1 }`. */
function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  return JSON.stringify(a) === JSON.stringify(b)
}
