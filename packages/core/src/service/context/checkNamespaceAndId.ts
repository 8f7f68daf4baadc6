import { ValidationError } from '../../errors/ValidationError.js'
import { NamespaceSchema } from '../../model/Namespace.js'
import { describeIssues } from '../describeIssues.js'
import { IdSchema } from './IdSchema.js'

/** The namespace (returned) and an id, every problem with either reported in one `ValidationError`. */
export function checkNamespaceAndId(namespace: unknown, id: unknown): string {
  const issues: string[] = []
  const ns = NamespaceSchema.safeParse(namespace)
  if (!ns.success) issues.push(...describeIssues(ns.error.issues, 'namespace'))
  const parsed = IdSchema.safeParse(id)
  if (!parsed.success) throw new ValidationError([...issues, ...describeIssues(parsed.error.issues, 'id')])
  if (issues.length > 0) throw new ValidationError(issues)
  return ns.data!
}
