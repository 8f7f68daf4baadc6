import type { MatchCondition } from '@langchain/langgraph-checkpoint'

/** Whether a namespace meets a `listNamespaces` condition: a prefix or suffix, `*` matching any one label. */
export function matchesNamespacePath(namespace: readonly string[], condition: MatchCondition): boolean {
  const { path } = condition
  if (path.length > namespace.length) return false
  const start = condition.matchType === 'prefix' ? 0 : namespace.length - path.length
  return path.every((label, i) => label === '*' || namespace[start + i] === label)
}
