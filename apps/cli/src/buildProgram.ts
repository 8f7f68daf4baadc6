import { Command, Option } from 'commander'
import { CLI_VERSION } from './CLI_VERSION.js'
import type { CommandContext } from './cli/CommandContext.js'
import { integerIn } from './cli/parsers/integerIn.js'
import { COMMANDS } from './commands/COMMANDS.js'

/**
 * The `agent-memory` program. Store and embedder flags are program-wide (accepted before or after
 * the command name); `--namespace` and `--json` belong to the commands that use them.
 *
 * Only the commands `argv` names are loaded in full (`--help`, `--version` and a usage error load
 * none): the others are registered by their help summary, and commander only ever runs a command
 * whose name is in `argv`. Without `argv` every command is loaded.
 */
export async function buildProgram(context: CommandContext, argv?: readonly string[]): Promise<Command> {
  const program = new Command('agent-memory')
  program
    .description('Long-term memory for AI agents: remember, ingest and search per-user memories.')
    .version(CLI_VERSION, '-V, --version')
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.io.out(text),
      writeErr: (text) => context.io.err(text),
      // Commander's usage errors are already one line; keep them that way.
      outputError: (text, write) => write(`${text.trimEnd().replace(/\s*\n\s*/g, ' ')}\n`),
    })
    .option(
      '--data-dir <dir>',
      'embedded store directory (env AGENT_MEMORY_DATA_DIR, default ./.agent-memory)',
    )
    .option('--database-url <url>', 'use PostgreSQL instead of the embedded store (env DATABASE_URL)')
    .option(
      '--schema <name>',
      "PostgreSQL schema for agent-memory's tables, created by init (env AGENT_MEMORY_SCHEMA, default public)",
    )
    .addOption(
      new Option(
        '--embedder <name>',
        'hashing (offline, lexical), use (offline, semantic; needs @agent-memory/embedder-use) or openrouter (default: openrouter when OPENROUTER_API_KEY is set)',
      ).choices(['hashing', 'use', 'openrouter']),
    )
    .option('--base-url <url>', 'any OpenAI-compatible /embeddings API (implies --embedder openrouter)')
    .option('--model <id>', 'embedding model for the openrouter embedder')
    .option('--dimensions <n>', 'vector size of the embedder', integerIn(1, 16_000))
    .option('--debug', 'print stack traces and diagnostics on failure')

  for (const entry of COMMANDS) {
    if (argv === undefined || argv.includes(entry.name)) {
      const register = await entry.load()
      register(program, context)
      continue
    }
    const summary = program.command(entry.name).description(entry.description)
    if (entry.arguments !== '') summary.arguments(entry.arguments)
    // Only so the help says `[options]`; the real options arrive with the command.
    if (entry.options) summary.addOption(new Option('--options').hideHelp())
    summary.action(() => {
      throw new Error(`internal error: ${entry.name} ran without being loaded`)
    })
  }
  return program
}
