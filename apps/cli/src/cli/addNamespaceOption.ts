import type { Command } from 'commander'

/** `--namespace <ns>` (falls back to AGENT_MEMORY_NAMESPACE; required by scoped commands). */
export function addNamespaceOption(command: Command): Command {
  return command.option(
    '-n, --namespace <ns>',
    'whose memory: a user id or an org/project/user path (env AGENT_MEMORY_NAMESPACE)',
  )
}
