import { InvalidArgumentError, NamespaceSchema } from '@agent-memory/core'

export function checkNamespace(namespace: string): void {
  const parsed = NamespaceSchema.safeParse(namespace)
  if (!parsed.success) {
    throw new InvalidArgumentError('namespace', parsed.error.issues.map((issue) => issue.message).join('; '))
  }
}
