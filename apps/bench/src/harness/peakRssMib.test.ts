import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { peakRssMib } from './peakRssMib.js'

const MB = 1_000_000

/**
 * A Node child that touches `allocate` bytes, frees them, prints its own `maxRSS` (KiB) and
 * waits for stdin to close: its peak is read while it still runs.
 */
async function startChild(allocate: number): Promise<{ child: ChildProcess; maxRssMib: number }> {
  const script = `
    let held = Buffer.alloc(${allocate}, 1)
    held = null
    process.stdout.write(String(process.resourceUsage().maxRSS) + '\\n')
    process.stdin.resume()
    process.stdin.on('end', () => process.exit(0))
  `
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] })
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer]
  return { child, maxRssMib: Number(String(chunk).trim()) / 1024 }
}

async function stop(child: ChildProcess): Promise<void> {
  child.stdin!.end()
  if (child.exitCode === null) await once(child, 'exit')
}

describe.runIf(process.platform === 'linux')('peakRssMib', () => {
  it('reports at least the 200 MB a child allocated, after it let them go', async () => {
    const { child } = await startChild(200 * MB)
    try {
      expect(peakRssMib(child.pid!)).toBeGreaterThanOrEqual((200 * MB) / 2 ** 20)
    } finally {
      await stop(child)
    }
  })

  it('reports a small child small beside a large parent, where maxRSS reports the parent', async () => {
    // This process's high-water mark at ~300 MB more than a bare Node's, before the child is spawned.
    const ballast = Buffer.alloc(300 * MB, 1)
    const { child, maxRssMib } = await startChild(1)
    try {
      const peak = peakRssMib(child.pid!)
      expect(peak).toBeLessThan(150)
      expect(peak).toBeLessThan(peakRssMib() - 250)
      expect(maxRssMib).toBeGreaterThan(peak)
    } finally {
      await stop(child)
      ballast.fill(0)
    }
  })

  it('reads this process when asked for no pid', () => {
    expect(peakRssMib()).toBeGreaterThan(10)
  })
})
