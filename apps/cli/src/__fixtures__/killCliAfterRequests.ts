import { spawn } from 'node:child_process'
import { expect } from 'vitest'
import { BIN, CLI_ROOT, cliEnv } from './cliProcess.js'

/**
 * Runs `node dist/bin.js ...args`, waits (up to 240 s) until `server` has received at least
 * `requests` requests, then kills the CLI with SIGKILL and waits for it to exit: a crash at a
 * chosen point of its embedder traffic, with nothing of the CLI's own shutdown run.
 */
export async function killCliAfterRequests(
  args: readonly string[],
  env: Record<string, string>,
  server: { readonly requests: readonly unknown[] },
  requests: number,
): Promise<void> {
  const killed = spawn(process.execPath, [BIN, ...args], { cwd: CLI_ROOT, env: cliEnv(env), stdio: 'ignore' })
  const exited = new Promise((resolve) => killed.on('exit', resolve))
  for (let waited = 0; server.requests.length < requests && waited < 240_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  expect(server.requests.length).toBeGreaterThanOrEqual(requests)
  killed.kill('SIGKILL')
  await exited
}
