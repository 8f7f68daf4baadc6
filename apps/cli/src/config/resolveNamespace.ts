import { namespaceProblems } from '@agent-memory/core/checks'
import { UsageError } from '../cli/UsageError.js'

/** `--namespace` wins over `AGENT_MEMORY_NAMESPACE`; a scoped command without either is a usage error. */
export function resolveNamespace(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const value = flag ?? env.AGENT_MEMORY_NAMESPACE
  if (value === undefined || value === '') {
    throw new UsageError('a namespace is required: pass --namespace <ns> or set AGENT_MEMORY_NAMESPACE')
  }
  const problems = namespaceProblems(value)
  if (problems.length > 0) throw new UsageError(`invalid namespace: ${problems.join('; ')}`)
  return value
}
