import { Command, Option } from 'commander'
import { CLI_VERSION } from './CLI_VERSION.js'
import type { CommandContext } from './cli/CommandContext.js'
import { integerIn } from './cli/parsers/integerIn.js'
import { registerDemoCommand } from './commands/registerDemoCommand.js'
import { registerForgetCommand } from './commands/registerForgetCommand.js'
import { registerGetCommand } from './commands/registerGetCommand.js'
import { registerHistoryCommand } from './commands/registerHistoryCommand.js'
import { registerIngestCommand } from './commands/registerIngestCommand.js'
import { registerInitCommand } from './commands/registerInitCommand.js'
import { registerListCommand } from './commands/registerListCommand.js'
import { registerMcpCommand } from './commands/registerMcpCommand.js'
import { registerObserveCommand } from './commands/registerObserveCommand.js'
import { registerReembedCommand } from './commands/registerReembedCommand.js'
import { registerRememberCommand } from './commands/registerRememberCommand.js'
import { registerRepairCommand } from './commands/registerRepairCommand.js'
import { registerSearchCommand } from './commands/registerSearchCommand.js'
import { registerServeCommand } from './commands/registerServeCommand.js'
import { registerStatsCommand } from './commands/registerStatsCommand.js'
import { registerUiCommand } from './commands/registerUiCommand.js'

/**
 * The `agent-memory` program. Store and embedder flags are program-wide (accepted before or after
 * the command name); `--namespace` and `--json` belong to the commands that use them.
 */
export function buildProgram(context: CommandContext): Command {
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
        'hashing (offline) or openrouter (default: openrouter when OPENROUTER_API_KEY is set)',
      ).choices(['hashing', 'openrouter']),
    )
    .option('--base-url <url>', 'any OpenAI-compatible /embeddings API (implies --embedder openrouter)')
    .option('--model <id>', 'embedding model for the openrouter embedder')
    .option('--dimensions <n>', 'vector size of the embedder', integerIn(1, 16_000))
    .option('--debug', 'print stack traces and diagnostics on failure')

  registerInitCommand(program, context)
  registerRememberCommand(program, context)
  registerIngestCommand(program, context)
  registerObserveCommand(program, context)
  registerSearchCommand(program, context)
  registerListCommand(program, context)
  registerGetCommand(program, context)
  registerForgetCommand(program, context)
  registerHistoryCommand(program, context)
  registerStatsCommand(program, context)
  registerRepairCommand(program, context)
  registerReembedCommand(program, context)
  registerMcpCommand(program, context)
  registerServeCommand(program, context)
  registerUiCommand(program, context)
  registerDemoCommand(program, context)
  return program
}
