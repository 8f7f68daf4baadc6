import { InvalidArgumentError, namespaceProblems } from '@agent-memory/core'

/**
 * A LangGraph namespace tuple as one agent-memory namespace: its labels joined by `/`, the path
 * form agent-memory namespaces already use (`org/project/user`), with `%` and `/` inside a label
 * escaped so that every tuple has its own namespace and `fromMemoryNamespace` gives it back.
 * `['users', 'u1']` and the tools' `users/u1` are one user's memories.
 */
export function toMemoryNamespace(labels: readonly string[]): string {
  const namespace = labels.map((label) => label.replaceAll('%', '%25').replaceAll('/', '%2F')).join('/')
  const problems = namespaceProblems(namespace)
  if (problems.length > 0) {
    throw new InvalidArgumentError(
      'namespace',
      `the LangGraph namespace ${JSON.stringify(labels)} cannot be stored: ${problems.join('; ')}`,
    )
  }
  return namespace
}
