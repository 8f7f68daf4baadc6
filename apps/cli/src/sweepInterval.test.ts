import path from 'node:path'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { connectEmbeddedStore } from '@agent-memory/store-pgvector'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, startCli, temporaryDirectory } from './__fixtures__/cliProcess.js'

describe('--sweep-interval on the long-running commands', { timeout: 300_000 }, () => {
  let dir: string
  let remove: () => Promise<void>
  beforeAll(async () => {
    // Short: the socket path inside the data directory must fit in 107 bytes.
    ;({ dir, remove } = await temporaryDirectory('am-sw-'))
  })
  afterAll(async () => remove())

  it('serve --sweep-interval removes expired memories for good while it runs, and keeps the live ones', async () => {
    const dataDir = path.join(dir, 'serve')
    expect(
      (await runCli(['remember', 'Ada drinks green tea', '--data-dir', dataDir, '-n', 'ada'])).code,
    ).toBe(0)
    const server = await startCli(['serve', '--data-dir', dataDir, '--sweep-interval', '1'], /serving .* on /)
    try {
      const connected = await connectEmbeddedStore({
        dataDir,
        dimensions: createHashingEmbedder().dimensions,
      })
      if (connected === undefined) throw new Error('the server does not serve')
      const { store } = connected
      try {
        // Written through the server, already expired: only a sweep takes it out of the table.
        await store.upsert('ada', [
          {
            id: 'parking-note',
            tier: 'working',
            content: 'Ada parked on level 3',
            fingerprint: 'fp:parking',
            embedding: null,
            expiresAt: new Date(Date.now() - 60_000),
          },
        ])
        const stored = async () =>
          (await store.list('ada', { filter: { includeExpired: true, includeSuperseded: true } })).map(
            (memory) => memory.content,
          )
        expect(await stored()).toContain('Ada parked on level 3')
        const deadline = Date.now() + 60_000
        while ((await stored()).includes('Ada parked on level 3') && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200))
        }
        expect(await stored()).toEqual(['Ada drinks green tea'])
      } finally {
        await store.close()
      }
    } finally {
      server.child.kill('SIGINT')
      await server.stop()
    }
  })

  it('serve, mcp and ui document the flag; a bad interval or --read-only with it is a usage error', async () => {
    for (const command of ['serve', 'mcp', 'ui']) {
      const help = await runCli([command, '--help'])
      expect(help.code).toBe(0)
      expect(help.stdout).toMatch(/--sweep-interval <seconds>\s+remove expired memories for good/)
    }
    const zero = await runCli(['serve', '--sweep-interval', '0', '--data-dir', path.join(dir, 'bad')])
    expect(zero.code).toBe(2)
    expect(zero.stderr).toMatch(/--sweep-interval.*expected an integer from 1 to 604800/)
    const readOnly = await runCli([
      'mcp',
      '-n',
      'ada',
      '--read-only',
      '--sweep-interval',
      '60',
      '--data-dir',
      path.join(dir, 'bad'),
    ])
    expect(readOnly.code).toBe(2)
    expect(readOnly.stderr).toMatch(/a --read-only server deletes nothing/)
  })
})
