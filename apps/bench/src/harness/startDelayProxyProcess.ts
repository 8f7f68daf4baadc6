import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import type { DelayProxy } from './startDelayProxy.js'

const CHILD = fileURLToPath(new URL('../delayProxyChild.js', import.meta.url))

/** `startDelayProxy` in a child process (its timers kept from this process's work); `close` ends it. */
export async function startDelayProxyProcess(
  target: { host: string; port: number },
  delayMs: number,
): Promise<DelayProxy> {
  const child = spawn(process.execPath, [CHILD, target.host, String(target.port), String(delayMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [chunk] = (await Promise.race([
    once(child.stdout, 'data'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`the delay proxy exited with code ${code} before it listened`)
    }),
  ])) as [Buffer]
  return {
    port: Number(String(chunk).trim()),
    close: async () => {
      if (child.exitCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      await exited
    },
  }
}
