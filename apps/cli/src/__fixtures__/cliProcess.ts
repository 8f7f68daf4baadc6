import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const CLI_ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const BIN = path.join(CLI_ROOT, 'dist', 'bin.js')
/** The published command: the same program bundled (`scripts/bundle.mjs`). */
export const BUNDLED_BIN = path.join(CLI_ROOT, 'dist', 'bundle', 'bin.js')

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * The environment a child CLI sees: the test runner's, minus everything that would select
 * another store or embedder (CI exports DATABASE_URL for the whole run), plus `extra`.
 */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const key of [
    'DATABASE_URL',
    'OPENROUTER_API_KEY',
    'AGENT_MEMORY_DATA_DIR',
    'AGENT_MEMORY_NAMESPACE',
  ]) {
    delete env[key]
  }
  return { ...env, NO_COLOR: '1', ...extra }
}

/** Runs `node dist/bin.js ...args` (or `options.bin`) to completion. */
export function runCli(
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string; input?: string; bin?: string } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.bin ?? BIN, ...args], {
      cwd: options.cwd ?? CLI_ROOT,
      env: cliEnv(options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(options.input ?? '')
  })
}

/** Starts a long-running CLI child (e.g. `mcp`) and resolves once its stderr contains `ready`. */
export async function startCli(
  args: readonly string[],
  ready: RegExp,
  options: { env?: Record<string, string> } = {},
): Promise<{
  child: ChildProcess
  stderr: () => string
  stdout: () => string
  stop: () => Promise<number | null>
}> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: CLI_ROOT,
    env: cliEnv(options.env),
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  await new Promise<void>((resolve, reject) => {
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
      if (ready.test(stderr)) resolve()
    })
    child.on('error', reject)
    void exited.then((code) => reject(new Error(`the CLI exited (${code}) before it was ready:\n${stderr}`)))
  })
  return {
    child,
    stderr: () => stderr,
    stdout: () => stdout,
    stop: async () => {
      // Closing stdin is how an MCP host says goodbye.
      child.stdin!.end()
      return exited
    },
  }
}

/** A fresh temporary directory, removed by the returned cleanup. */
export async function temporaryDirectory(
  prefix = 'agent-memory-cli-test-',
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix))
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}
