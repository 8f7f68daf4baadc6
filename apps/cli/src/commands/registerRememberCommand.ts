import type { MemoryInput, RememberResult } from '@agent-memory/core'
import type { Command } from 'commander'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import { CliFailure } from '../cli/CliFailure.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { isoDate } from '../cli/parsers/isoDate.js'
import { tagList } from '../cli/parsers/tagList.js'
import { tier } from '../cli/parsers/tier.js'
import { unitInterval } from '../cli/parsers/unitInterval.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import { toJsonLine } from '../output/toJsonLine.js'

interface RememberFlags {
  namespace?: string
  tier?: MemoryInput['tier']
  tags?: string[]
  importance?: number
  validFrom?: Date
  supersedes?: string
  json?: boolean
}

function describeResult(result: RememberResult, supersedes: string | undefined): string {
  const what =
    result.status === 'reinforced'
      ? `reinforced ${result.id} (an identical memory was already stored)`
      : `${result.status === 'updated' ? 'updated' : 'remembered'} ${result.id}`
  const notes: string[] = []
  if (supersedes !== undefined) notes.push(`supersedes ${supersedes}`)
  if (result.degraded === 'pending_embed') {
    notes.push('stored pending: the embedder was unavailable, run `agent-memory repair` to embed it')
  }
  if (result.redacted === true) notes.push('credential-like text was redacted')
  return notes.length === 0 ? what : `${what} (${notes.join('; ')})`
}

export function registerRememberCommand(program: Command, context: CommandContext): void {
  addNamespaceOption(program.command('remember').argument('<text>', 'the fact or preference to remember'))
    .description('store one memory; prints its id (or the id it reinforced)')
    .option('--tier <tier>', 'working, episodic, semantic (default) or procedural', tier)
    .option('--tags <a,b>', 'comma-separated labels (repeatable)', tagList)
    .option('--importance <0..1>', 'ranking and retention weight', unitInterval)
    .option('--valid-from <date>', 'when the fact became true (ISO 8601)', isoDate)
    .option('--supersedes <id>', 'this memory replaces that one (kept as history, no longer current)')
    .option('--json', 'print the result as JSON')
    .action(async (text: string, flags: RememberFlags) => {
      const namespace = resolveNamespace(flags.namespace, context.env)
      const input: MemoryInput = { content: text }
      if (flags.tier !== undefined) input.tier = flags.tier
      if (flags.tags !== undefined) input.tags = flags.tags
      if (flags.importance !== undefined) input.importance = flags.importance
      if (flags.validFrom !== undefined) input.validFrom = flags.validFrom
      const { memory } = await context.open()
      const result =
        flags.supersedes === undefined
          ? await memory.remember(namespace, input)
          : await supersedeOrFail(memory, namespace, flags.supersedes, input)
      if (flags.json === true) {
        context.io.out(
          toJsonLine({ namespace, ...result, ...(flags.supersedes ? { supersedes: flags.supersedes } : {}) }),
        )
      } else {
        context.io.out(`${describeResult(result, flags.supersedes)}\n`)
      }
    })
}

async function supersedeOrFail(
  memory: Awaited<ReturnType<CommandContext['open']>>['memory'],
  namespace: string,
  oldId: string,
  input: MemoryInput,
): Promise<RememberResult> {
  if ((await memory.get(namespace, oldId)) === null) {
    throw new CliFailure(`no memory ${oldId} in namespace ${namespace} to supersede`)
  }
  return memory.supersede(namespace, oldId, input)
}
