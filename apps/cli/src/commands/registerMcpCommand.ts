import type { Command } from 'commander'
import { CLI_VERSION } from '../CLI_VERSION.js'
import { addExamples } from '../cli/addExamples.js'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import { addSweepIntervalOption } from '../cli/addSweepIntervalOption.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { describeFailure } from '../cli/describeFailure.js'
import { ExitCode } from '../cli/ExitCode.js'
import { sweepIntervalOption } from '../cli/sweepIntervalOption.js'
import { UsageError } from '../cli/UsageError.js'
import { resolveNamespace } from '../config/resolveNamespace.js'

/** Resolves when the host closes our stdin or the process is asked to stop. */
function untilDisconnected(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const done = () => resolve()
    process.stdin.once('end', done)
    process.stdin.once('close', done)
    signal.addEventListener('abort', done, { once: true })
  })
}

export function registerMcpCommand(program: Command, context: CommandContext): void {
  addExamples(addSweepIntervalOption(addNamespaceOption(program.command('mcp'))), [
    ["serve one user's memory to an MCP host over stdio", 'agent-memory mcp --namespace alice'],
    [
      'search only, on PostgreSQL',
      'agent-memory mcp -n alice --read-only --database-url postgres://me@localhost/app',
    ],
  ])
    .description('serve memory_search (and memory_remember, memory_forget) over stdio for an MCP host')
    .option('--read-only', 'serve memory_search only')
    .action(async (flags: { namespace?: string; readOnly?: boolean; sweepInterval?: number }) => {
      const namespace = resolveNamespace(flags.namespace, context.env)
      // Stdout is the protocol from here on: everything human goes to stderr. The embedded
      // store is served to other local commands while the host keeps this server running.
      if (flags.readOnly === true && flags.sweepInterval !== undefined) {
        throw new UsageError(
          '--sweep-interval deletes expired memories; a --read-only server deletes nothing',
        )
      }
      const { memory } = await context.open({
        serve: true,
        readsOnly: flags.readOnly === true,
        ...sweepIntervalOption(flags.sweepInterval),
      })
      // The MCP SDK loads only for this command (see runCli).
      const { serveMemoryMcpOverStdio } = await import('@agent-memory/tool-memory-search/mcp')
      const server = await serveMemoryMcpOverStdio({
        memory,
        namespace,
        allowWrite: flags.readOnly !== true,
        serverInfo: { name: 'agent-memory', version: CLI_VERSION },
        onError: (error, where) =>
          context.io.err(`agent-memory mcp: ${where.tool} failed: ${describeFailure(error).message}\n`),
      })
      const tools =
        flags.readOnly === true ? 'memory_search' : 'memory_search, memory_remember, memory_forget'
      context.io.err(`agent-memory mcp: serving ${tools} for namespace ${namespace} on stdio\n`)
      await untilDisconnected(context.signal)
      await server.close()
      context.io.err('agent-memory mcp: stopped\n')
      context.exitCode = ExitCode.ok
    })
}
