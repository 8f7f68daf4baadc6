import { InvalidArgumentError, NamespaceSchema } from '@agent-memory/core'

export function checkNamespace(namespace: unknown): string {
  const parsed = NamespaceSchema.safeParse(namespace)
  if (!parsed.success) {
    throw new InvalidArgumentError('namespace', parsed.error.issues[0]?.message ?? 'namespace is invalid')
  }
  return parsed.data
}
