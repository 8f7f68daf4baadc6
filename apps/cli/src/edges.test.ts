import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'

const HOLD_FIXTURE = fileURLToPath(new URL('./__fixtures__/holdDataDir.mjs', import.meta.url))

function lines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '')
}

describe('agent-memory at the edges (subprocess)', () => {
  const temp = useTemporaryDirectory()

  it.each([
    [['search'], /missing required argument 'query'/],
    [['search', 'x', '--namespace', 'a', '--limit', '0'], /--limit.*expected an integer from 1 to 100/],
    [['remember', 'x', '--namespace', 'a', '--importance', '2'], /expected a number from 0 to 1/],
    [
      ['remember', 'x', '--namespace', 'a', '--tier', 'forever'],
      /expected one of working, episodic, semantic, procedural/,
    ],
    [['frobnicate'], /unknown command 'frobnicate'/],
    [
      ['search', 'x', '--namespace', 'a', '--databse-url', 'postgres://x'],
      /unknown option '--databse-url'.*Did you mean --database-url/,
    ],
    [['search', 'x'], /a namespace is required: pass --namespace <ns> or set AGENT_MEMORY_NAMESPACE/],
    [['ingest', 'does-not-exist', '--namespace', 'a'], /no such file or directory: does-not-exist/],
    [['search', 'x', '--namespace', 'a', '--embedder', 'openrouter'], /needs OPENROUTER_API_KEY/],
    [['init', '--partitions', '1'], /expected an integer from 2 to 1024/],
    [['init', '--partitions', '4'], /--partitions splits PostgreSQL tables \(--database-url\)/],
  ])('usage error %j: exit code 2 and one line on stderr', async (args, message) => {
    const result = await runCli([...args, '--data-dir', path.join(temp.dir, 'usage')])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(lines(result.stderr)).toHaveLength(1)
    expect(result.stderr).toMatch(message)
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  it('tells a second process who holds the data directory when the holder does not serve it', async () => {
    const dataDir = path.join(temp.dir, 'locked')
    // `mcp` and `serve` share their directory (storeServer.test.ts); a library user's process does not.
    const holder = spawn(process.execPath, [HOLD_FIXTURE, dataDir], { stdio: ['pipe', 'ignore', 'pipe'] })
    await new Promise<void>((resolve, reject) => {
      holder.stderr!.on('data', (chunk: Buffer) => chunk.toString().includes('holding') && resolve())
      holder.on('exit', (code) => reject(new Error(`the holder exited (${code})`)))
    })
    const exited = new Promise((resolve) => holder.on('exit', resolve))
    try {
      const second = await runCli(['remember', 'x', '--namespace', 'a', '--data-dir', dataDir])
      expect(second.code).toBe(1)
      expect(lines(second.stderr)).toHaveLength(1)
      expect(second.stderr).toContain(`the data directory ${dataDir} is in use by process ${holder.pid}`)
      expect(second.stderr).toContain('holdDataDir.mjs')
    } finally {
      holder.stdin!.end()
      await exited
    }
    // Released on exit: the directory opens again.
    expect((await runCli(['remember', 'x', '--namespace', 'a', '--data-dir', dataDir])).code).toBe(0)
  })

  it('names the way out when the embedder changed, and reembed switches the store', async () => {
    const dataDir = path.join(temp.dir, 'switch')
    expect(
      (
        await runCli([
          'remember',
          'Gina grows tomatoes',
          '--namespace',
          'g',
          '--data-dir',
          dataDir,
          '--dimensions',
          '256',
        ])
      ).code,
    ).toBe(0)
    const mismatch = await runCli(['search', 'tomatoes', '--namespace', 'g', '--data-dir', dataDir])
    expect(mismatch.code).toBe(1)
    expect(mismatch.stderr).toMatch(/embedder mismatch: .*256.*512.*agent-memory reembed/)
    expect(lines(mismatch.stderr).filter((line) => line.startsWith('error:'))).toHaveLength(1)

    const reembed = await runCli(['reembed', '--data-dir', dataDir, '--json'])
    expect(reembed.code).toBe(0)
    expect(JSON.parse(reembed.stdout)).toMatchObject({
      dimensions: 512,
      queued: 1,
      repaired: 1,
      remaining: 0,
    })
    const found = await runCli(['search', 'tomatoes', '--namespace', 'g', '--data-dir', dataDir, '--json'])
    expect(found.code).toBe(0)
    expect(JSON.parse(found.stdout).hits[0].memory.content).toBe('Gina grows tomatoes')
  })

  it('names an unreachable database without its password', async () => {
    const url = 'postgres://agent:hunter2-secret@127.0.0.1:1/memories'
    const result = await runCli(['search', 'x', '--namespace', 'a', '--database-url', url])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('cannot reach the database at postgres://agent:')
    expect(result.stderr).toContain('@127.0.0.1:1/memories')
    expect(result.stderr).not.toContain('hunter2')
    expect(lines(result.stderr).filter((line) => line.startsWith('error:'))).toHaveLength(1)
  })

  it('prints a stack trace only with --debug', async () => {
    const url = 'postgres://agent:hunter2-secret@127.0.0.1:1/memories'
    const result = await runCli(['search', 'x', '--namespace', 'a', '--database-url', url, '--debug'])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/\n\s+at /)
    expect(result.stderr).not.toContain('hunter2')
  })
})
