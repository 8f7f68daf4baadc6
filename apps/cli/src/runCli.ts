import { CommanderError } from 'commander'
import { buildProgram } from './buildProgram.js'
import type { CliIo } from './cli/CliIo.js'
import type { CommandContext, OpenOptions } from './cli/CommandContext.js'
import { ExitCode } from './cli/ExitCode.js'
import { jsonRequested } from './cli/jsonRequested.js'
import { processIo } from './cli/processIo.js'
import type { CliConfig } from './config/CliConfig.js'
import type { GlobalOptions } from './config/GlobalOptions.js'
import { resolveConfig } from './config/resolveConfig.js'
import { CLI_JSON_VERSION } from './json/CLI_JSON_VERSION.js'
import type { ErrorJson } from './json/ErrorJsonSchema.js'
import type { OpenedMemory } from './open/OpenedMemory.js'
import { writeJson } from './output/writeJson.js'

/** Where `runCli` writes and which environment and directory it runs in. */
export interface RunCliOptions {
  io?: CliIo
  env?: NodeJS.ProcessEnv
  cwd?: string
  /** Install SIGINT/SIGTERM handlers (the real process does; embedding callers may not want it). */
  handleSignals?: boolean
}

/**
 * Runs one `agent-memory` invocation and resolves to its exit code: 0 success, 1 failure,
 * 2 usage error, 130 interrupted. Errors are printed as one line on stderr (with the stack only
 * under `--debug`); whatever was opened is closed before returning, also after Ctrl-C.
 */
export async function runCli(argv: readonly string[], options: RunCliOptions = {}): Promise<number> {
  const io = options.io ?? processIo()
  const env = options.env ?? process.env
  const cwd = options.cwd ?? process.cwd()
  const debug = argv.includes('--debug')
  const controller = new AbortController()
  const opened: OpenedMemory[] = []

  const onSignal = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) {
      io.err(`\n${signal} again: exiting now\n`)
      process.exit(ExitCode.interrupted)
    }
    controller.abort(new Error(`interrupted by ${signal}`))
  }
  if (options.handleSignals ?? true) {
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
  }

  let programOptions: () => GlobalOptions = () => ({})
  let resolved: CliConfig | undefined
  const context: CommandContext = {
    io,
    env,
    cwd,
    signal: controller.signal,
    config() {
      resolved ??= resolveConfig(programOptions(), env, cwd)
      return resolved
    },
    async open(openOptions: OpenOptions = {}) {
      const config = context.config()
      // Loaded on first use: the store, its drivers and the embedders cost more to import than
      // `--version`, `--help` or a usage error should ever pay.
      const { openMemory } = await import('./open/openMemory.js')
      const memory = await openMemory(config, {
        ...openOptions,
        log: (line) => io.err(`debug: ${line}\n`),
        warn: (line) => io.err(`agent-memory: ${line}\n`),
      })
      opened.push(memory)
      if (openOptions.announce ?? true) {
        io.err(`agent-memory: ${memory.storeDescription}; embedder ${memory.embedderDescription}\n`)
      }
      return memory
    },
  }

  const program = await buildProgram(context, argv)
  programOptions = () => program.opts<GlobalOptions>()
  // Under --json a failure is a document on stdout too, so a script reads one JSON value either way.
  const failJson = async (reason: string, message: string, retryable: boolean) => {
    if (!jsonRequested(argv)) return
    // Loaded here: the core library costs more to import than `--help` should pay.
    const { redactSecrets } = await import('@agent-memory/core')
    const command = argv.find((arg) => program.commands.some((candidate) => candidate.name() === arg))
    writeJson<ErrorJson>(io, {
      version: CLI_JSON_VERSION,
      ...(command === undefined ? {} : { command }),
      error: { reason, message: redactSecrets(message), retryable },
    })
  }
  try {
    await program.parseAsync([...argv], { from: 'user' })
    return context.exitCode ?? (controller.signal.aborted ? ExitCode.interrupted : ExitCode.ok)
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; anything else commander reports is a usage error (already printed).
      if (error.exitCode === 0) return ExitCode.ok
      if (error.code !== 'commander.help' && error.code !== 'commander.helpDisplayed') {
        await failJson('usage', error.message.replace(/^error: /, ''), false)
      }
      return ExitCode.usage
    }
    if (controller.signal.aborted && error === controller.signal.reason) {
      io.err('interrupted\n')
      await failJson('interrupted', 'interrupted', true)
      return ExitCode.interrupted
    }
    const explained = opened.reduce<unknown>(
      (current, memory) => memory.explainFailure?.(current) ?? current,
      error,
    )
    const { describeFailure } = await import('./cli/describeFailure.js')
    const failure = describeFailure(explained)
    io.err(`error: ${failure.message}\n`)
    await failJson(failure.reason, failure.message, failure.retryable)
    if (debug) io.err(`${failure.detail}\n`)
    return failure.exitCode
  } finally {
    for (const memory of opened.reverse()) {
      await memory.close().catch(async (error: unknown) => {
        if (!debug) return
        const { describeFailure } = await import('./cli/describeFailure.js')
        io.err(`while closing: ${describeFailure(error).detail}\n`)
      })
    }
    if (options.handleSignals ?? true) {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
    }
  }
}
