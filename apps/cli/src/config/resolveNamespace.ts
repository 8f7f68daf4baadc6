import { NamespaceSchema } from '@agent-memory/core'
import { UsageError } from '../cli/UsageError.js'

/** `--namespace` wins over `AGENT_MEMORY_NAMESPACE`; a scoped command without either is a usage error. */
export function resolveNamespace(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const value = flag ?? env.AGENT_MEMORY_NAMESPACE
  if (value === undefined || value === '') {
    throw new UsageError('a namespace is required: pass --namespace <ns> or set AGENT_MEMORY_NAMESPACE')
  }
  const parsed = NamespaceSchema.safeParse(value)
  if (!parsed.success) {
    throw new UsageError(`invalid namespace: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`)
  }
  return parsed.data
}
