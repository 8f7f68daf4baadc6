import { InvalidNamespaceError } from '@langchain/langgraph-checkpoint'

/**
 * LangGraph's rules for a namespace written to: at least one label, each a non-empty string
 * without a period. (The root label `langgraph`, reserved for LangGraph itself, is refused by
 * `BaseStore.put` and admitted in `batch`, as LangGraph's own stores do.)
 */
export function validateLangGraphNamespace(namespace: unknown): asserts namespace is string[] {
  if (!Array.isArray(namespace) || namespace.length === 0) {
    throw new InvalidNamespaceError('Namespace cannot be empty.')
  }
  for (const label of namespace) {
    if (typeof label !== 'string') {
      throw new InvalidNamespaceError(
        `Invalid namespace label '${String(label)}' found in ${namespace}. Namespace labels must be strings, but got ${typeof label}.`,
      )
    }
    if (label === '') {
      throw new InvalidNamespaceError(
        `Namespace labels cannot be empty strings. Got ${label} in ${namespace}`,
      )
    }
    if (label.includes('.')) {
      throw new InvalidNamespaceError(
        `Invalid namespace label '${label}' found in ${namespace}. Namespace labels cannot contain periods ('.').`,
      )
    }
  }
}
