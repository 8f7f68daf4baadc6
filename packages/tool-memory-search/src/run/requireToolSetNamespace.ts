import { InvalidArgumentError, NamespaceSchema } from '@agent-memory/core'

/**
 * Checks the namespace a tool set is created for, at creation: a missing or invalid one is the
 * developer's mistake, and answering the model "temporarily unavailable" on every call would hide it.
 */
export function requireToolSetNamespace(namespace: unknown, creator: string, hint: string): string {
  const parsed = NamespaceSchema.safeParse(namespace)
  if (parsed.success) return parsed.data
  const why =
    namespace === undefined
      ? 'no namespace was given'
      : `the namespace is invalid (${parsed.error.issues.map((issue) => issue.message).join('; ')})`
  throw new InvalidArgumentError('namespace', `${creator}: ${why}. ${hint}`)
}
