import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { integerIn } from '../cli/parsers/integerIn.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import type { ProfileJson } from '../json/ProfileJsonSchema.js'
import { escapeForTerminal } from '../output/escapeForTerminal.js'
import { toMemoryJson } from '../output/toMemoryJson.js'
import { writeJson } from '../output/writeJson.js'

export function registerProfileCommand(program: Command, context: CommandContext): void {
  addExamples(addNamespaceOption(program.command('profile')), [
    ['what a prompt would carry about a user every turn', 'agent-memory profile --namespace alice'],
    ['a smaller budget, as JSON', 'agent-memory profile -n alice --max-tokens 200 --json'],
  ])
    .description(
      "the namespace's most important lasting facts within a token budget, as a prompt carries them",
    )
    .option('--max-tokens <n>', 'token budget, 1 to 100000', integerIn(1, 100_000), 400)
    .option('--json', 'print the profile as JSON')
    .action(async (flags: { namespace?: string; maxTokens: number; json?: boolean }) => {
      const namespace = resolveNamespace(flags.namespace, context.env)
      const { memory } = await context.open({ readsOnly: true, brief: true })
      const profile = await memory.profile(namespace, { maxTokens: flags.maxTokens })
      if (flags.json === true) {
        writeJson<ProfileJson>(context.io, {
          version: 1,
          command: 'profile',
          namespace,
          maxTokens: profile.maxTokens,
          tokens: profile.tokens,
          text: profile.text,
          memories: profile.memories.map(toMemoryJson),
        })
        return
      }
      if (profile.memories.length === 0) {
        context.io.out(
          `no lasting facts in ${escapeForTerminal(namespace)} yet (semantic or procedural memories, or pinned ones)\n`,
        )
        return
      }
      context.io.out(
        `${escapeForTerminal(profile.text)}\n(${profile.memories.length} memories, about ${profile.tokens} of ${profile.maxTokens} tokens)\n`,
      )
    })
}
