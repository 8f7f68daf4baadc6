const OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin'])

/** A filter value whose every key is one of LangGraph's operators (LangGraph's own test: `{}` is one too). */
export function isOperatorObject(wanted: unknown): wanted is Record<string, unknown> {
  return (
    typeof wanted === 'object' &&
    wanted !== null &&
    !Array.isArray(wanted) &&
    Object.keys(wanted).every((key) => OPERATORS.has(key))
  )
}
