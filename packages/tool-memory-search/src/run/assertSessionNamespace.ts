import { InvalidArgumentError, NamespaceSchema } from '@agent-memory/core'

/** A host that lost its session's user must fail the call, never fall back to some other namespace. */
export function assertSessionNamespace(namespace: unknown): asserts namespace is string {
  if (!NamespaceSchema.safeParse(namespace).success) {
    throw new InvalidArgumentError('namespace', 'the session has no valid namespace for memory tools')
  }
}
