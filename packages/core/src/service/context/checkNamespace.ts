import { ValidationError } from '../../errors/ValidationError.js'
import { NamespaceSchema } from '../../model/Namespace.js'
import { describeIssues } from '../describeIssues.js'

export function checkNamespace(namespace: unknown): string {
  const parsed = NamespaceSchema.safeParse(namespace)
  if (!parsed.success) throw new ValidationError(describeIssues(parsed.error.issues, 'namespace'))
  return parsed.data
}
