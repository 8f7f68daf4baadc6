import type { MemoryInput, RememberResult } from '@agent-memory/core'
import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import { addTagOption } from '../cli/addTagOption.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { missingMemory } from '../cli/missingMemory.js'
import { isoDate } from '../cli/parsers/isoDate.js'
import { tier } from '../cli/parsers/tier.js'
import { unitInterval } from '../cli/parsers/unitInterval.js'
import { tagsFrom } from '../cli/tagsFrom.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import type { RememberJson } from '../json/RememberJsonSchema.js'
import { writeJson } from '../output/writeJson.js'

interface RememberFlags {
  namespace?: string
  tier?: MemoryInput['tier']
  tag?: string[]
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
  const line = notes.length === 0 ? what : `${what} (${notes.join('; ')})`
  // Near-duplicates are a hint: both memories are kept, the user decides (forget or supersede).
  const similar = (result.similar ?? []).map((hit) => `\nsimilar to ${hit.id} (${hit.score.toFixed(2)})`)
  return line + similar.join('')
}

export function registerRememberCommand(program: Command, context: CommandContext): void {
  const command = addNamespaceOption(
    program.command('remember').argument('<text>', 'the fact or preference to remember'),
  )
  addTagOption(command, 'labels')
  addExamples(command, [
    [
      'remember a preference for one user',
      'agent-memory remember "I prefer short answers" --namespace alice --tag style',
    ],
    [
      'record that a fact changed (the old one stays as history)',
      'agent-memory remember "Alice lives in Lisbon" -n alice --valid-from 2025-03-01 --supersedes <old-id>',
    ],
  ])
  command
    .description('store one memory; prints its id (or the id it reinforced)')
    .option('--tier <tier>', 'working, episodic, semantic (default) or procedural', tier)
    .option('--importance <0..1>', 'ranking and retention weight', unitInterval)
    .option('--valid-from <date>', 'when the fact became true (ISO 8601)', isoDate)
    .option('--supersedes <id>', 'this memory replaces that one (kept as history, no longer current)')
    .option('--json', 'print the result as JSON')
    .action(async (text: string, flags: RememberFlags) => {
      const namespace = resolveNamespace(flags.namespace, context.env)
      const input: MemoryInput = { content: text }
      if (flags.tier !== undefined) input.tier = flags.tier
      const tags = tagsFrom(flags)
      if (tags !== undefined) input.tags = tags
      if (flags.importance !== undefined) input.importance = flags.importance
      if (flags.validFrom !== undefined) input.validFrom = flags.validFrom
      const { memory } = await context.open({ brief: true })
      const result =
        flags.supersedes === undefined
          ? await memory.remember(namespace, input)
          : await supersedeOrFail(memory, namespace, flags.supersedes, input)
      if (flags.json === true) {
        writeJson<RememberJson>(context.io, {
          version: 1,
          command: 'remember',
          namespace,
          ...result,
          ...(flags.supersedes === undefined ? {} : { supersedes: flags.supersedes }),
        })
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
    throw missingMemory(oldId, namespace, ' to supersede')
  }
  return memory.supersede(namespace, oldId, input)
}
