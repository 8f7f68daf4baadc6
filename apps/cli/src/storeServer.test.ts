import { spawnSync } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { connectEmbeddedStore } from '@agent-memory/store-pgvector'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BIN, CLI_ROOT, cliEnv, runCli, startCli, temporaryDirectory } from './__fixtures__/cliProcess.js'
import { StatsJsonSchema } from './json/StatsJsonSchema.js'

interface ToolText {
  content: Array<{ type: string; text: string }>
}

const contentsOf = (listJson: string) =>
  (JSON.parse(listJson) as { memories: Array<{ content: string }> }).memories.map((memory) => memory.content)

const textOf = (result: unknown) => (result as ToolText).content.map((part) => part.text).join('\n')

describe('one embedded store, many local commands (the store server)', { timeout: 300_000 }, () => {
  let dir: string
  let remove: () => Promise<void>
  beforeAll(async () => {
    // Short: the socket path inside the data directory must fit in 107 bytes.
    ;({ dir, remove } = await temporaryDirectory('am-cli-'))
  })
  afterAll(async () => remove())

  it('while `agent-memory mcp` runs, search/list/remember/stats on its directory work and agree with it', async () => {
    const dataDir = path.join(dir, 'mcp')
    const cli = (...args: string[]) => runCli([...args, '--data-dir', dataDir, '--namespace', 'ada'])
    expect((await cli('remember', 'Ada drinks green tea every morning')).code).toBe(0)

    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--namespace', 'ada', '--data-dir', dataDir],
      cwd: CLI_ROOT,
      env: cliEnv() as Record<string, string>,
      stderr: 'pipe',
    })
    let serverLog = ''
    transport.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()))
    const client = new Client({ name: 'store-server-test', version: '1' })
    await client.connect(transport)
    try {
      await client.callTool({
        name: 'memory_remember',
        arguments: { content: 'Ada keeps a vegetable garden on her balcony' },
      })

      // A second process on the same directory: no lock error, the MCP server's view.
      const search = await cli('search', 'vegetable garden balcony', '--json', '--debug')
      expect(search.stderr).not.toMatch(/in use by/)
      // A search runs whole in the holder (one round trip, its warm indexes).
      expect(search.stderr).toMatch(
        /debug: store server: process \d+ .* holds .*; this search ran in it through .*recall\.sock/,
      )
      expect(search.stderr).toMatch(/served by process \d+/)
      expect(search.code).toBe(0)
      expect(search.stdout).toContain('vegetable garden')

      const remembered = await cli('remember', 'Ada is learning the cello', '--json')
      expect(remembered.code).toBe(0)
      const fromMcp = textOf(
        await client.callTool({ name: 'memory_search', arguments: { query: 'learning the cello' } }),
      )
      expect(fromMcp).toMatch(/^1\. \[score \d\.\d\d \| [^\]]+\] Ada is learning the cello/)

      const list = await cli('list', '--json')
      expect(list.code).toBe(0)
      const listed = contentsOf(list.stdout).sort()
      expect(listed).toEqual([
        'Ada drinks green tea every morning',
        'Ada is learning the cello',
        'Ada keeps a vegetable garden on her balcony',
      ])

      const stats = await cli('stats', '--json')
      expect(stats.code).toBe(0)
      const parsed = JSON.parse(stats.stdout) as {
        store: { servedBy?: string }
        totals: { memories: number }
      }
      expect(parsed.totals.memories).toBe(3)
      expect(parsed.store.servedBy).toMatch(/^process \d+/)

      // The MCP server sees the tea memory the CLI wrote before it started, and the CLI's forget.
      const tea = JSON.parse((await cli('search', 'green tea morning', '--json')).stdout) as {
        hits: Array<{ memory: { id: string; content: string } }>
      }
      expect(tea.hits[0]?.memory.content).toBe('Ada drinks green tea every morning')
      expect((await cli('forget', tea.hits[0]!.memory.id)).code).toBe(0)
      const afterForget = textOf(
        await client.callTool({ name: 'memory_search', arguments: { query: 'green tea morning' } }),
      )
      expect(afterForget).not.toContain('green tea')
    } finally {
      await client.close()
    }
    expect(serverLog).toContain('agent-memory mcp: stopped')
    // The server is gone: the next command opens the directory itself.
    const direct = await cli('stats', '--json', '--debug')
    expect(direct.code).toBe(0)
    expect(direct.stderr).not.toMatch(/served by/)
    expect((JSON.parse(direct.stdout) as { totals: { memories: number } }).totals.memories).toBe(2)
  })

  it('a search with other embedder settings than the server uses is not answered by it: the mismatch is reported as without a server', async () => {
    const dataDir = path.join(dir, 'embedder')
    const server = await startCli(['serve', '--data-dir', dataDir], /serving .* on /)
    try {
      const args = ['--namespace', 'ada', '--data-dir', dataDir]
      expect((await runCli(['remember', 'Ada reads novels at night', ...args])).code).toBe(0)
      const same = await runCli(['search', 'novels', ...args, '--debug'])
      expect(same.stderr).toMatch(/this search ran in it through/)
      // Served, the command loads none of the store, its drivers, the embedders, zod or core's main entry.
      const recorded = spawnSync(
        process.execPath,
        [
          '--import',
          new URL('./__fixtures__/recordImports.mjs', import.meta.url).href,
          BIN,
          'search',
          'novels',
          ...args,
        ],
        { env: cliEnv(), encoding: 'utf8' },
      )
      expect(recorded.status).toBe(0)
      expect(recorded.stdout).toContain('Ada reads novels at night')
      const imported = recorded.stderr.split('\n').filter((line) => line.startsWith('imported '))
      expect(imported.some((line) => /registerSearchCommand/.test(line))).toBe(true)
      expect(
        imported.filter((line) =>
          /@electric-sql|drizzle-orm|\/zod\/|\/pg\/|pg-protocol|embedder-|store-pgvector|core\/dist\/index\.js/.test(
            line,
          ),
        ),
      ).toEqual([])
      const other = await runCli(['search', 'novels', ...args, '--dimensions', '256', '--debug'])
      expect(other.stderr).toMatch(/recall server declined \(embedder\)/)
      expect(other.code).toBe(1)
      expect(other.stderr).toMatch(/error: embedder mismatch: .*agent-memory reembed/)
    } finally {
      server.child.kill('SIGINT')
      await server.stop()
    }
  })

  it('stats reports the embedding cache of the process serving the directory, and none without one', async () => {
    const dataDir = path.join(dir, 'caches')
    const args = ['--namespace', 'ada', '--data-dir', dataDir]
    const server = await startCli(['serve', '--data-dir', dataDir], /serving .* on /)
    try {
      expect((await runCli(['remember', 'Ada reads novels at night', ...args])).code).toBe(0)
      // Searches run in the server: the first embeds the question, the next two find it cached.
      for (let i = 0; i < 3; i++) expect((await runCli(['search', 'novels', ...args])).code).toBe(0)
      const json = await runCli(['stats', '--json', '--data-dir', dataDir])
      expect(json.code).toBe(0)
      const stats = StatsJsonSchema.parse(JSON.parse(json.stdout))
      expect(stats.embeddingCache).toMatchObject({
        servedBy: expect.stringMatching(/^process \d+ /),
        queries: { hits: 2, misses: 1, entries: 1 },
        reusedFromStore: 0,
      })
      expect(stats.embeddingCache?.queries.hitRate).toBeCloseTo(2 / 3)
      const text = await runCli(['stats', '--data-dir', dataDir])
      expect(text.stdout).toMatch(
        /^caches +queries 2 of 3 from the cache \(67 %\), writes none yet, 0 vectors reused from the store in process \d+ /m,
      )
    } finally {
      server.child.kill('SIGINT')
      await server.stop()
    }
    const direct = await runCli(['stats', '--json', '--data-dir', dataDir])
    expect(direct.code).toBe(0)
    expect(StatsJsonSchema.parse(JSON.parse(direct.stdout)).embeddingCache).toBeUndefined()
    expect((await runCli(['stats', '--data-dir', dataDir])).stdout).not.toMatch(/^caches/m)
  })

  it('a server killed mid-command: the command fails with what to do, and running it again completes the job', async () => {
    const dataDir = path.join(dir, 'kill')
    const notes = path.join(dir, 'notes')
    await mkdir(notes, { recursive: true })
    const files = 120
    for (let i = 0; i < files; i++) {
      await writeFile(
        path.join(notes, `note-${String(i).padStart(3, '0')}.txt`),
        `Note number ${i} about topic ${i % 7}.\n`,
      )
    }
    const server = await startCli(['serve', '--data-dir', dataDir], /serving .* on /)
    const ingest = runCli(['ingest', notes, '--namespace', 'bo', '--data-dir', dataDir])

    // Kill the server once the ingest is visibly under way (watched through the server itself).
    const watcher = await connectEmbeddedStore({ dataDir, dimensions: createHashingEmbedder().dimensions })
    if (watcher === undefined) throw new Error('the server does not serve')
    for (;;) {
      const [entry] = await watcher.store.stats('bo')
      if ((entry?.total ?? 0) >= 5) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await watcher.store.close()
    server.child.kill('SIGKILL')
    await server.stop()

    const failed = await ingest
    expect(failed.code).toBe(1)
    expect(failed.stderr).toMatch(
      /error: the store server \(process \d+ .*\) went away during this command; .* run the command again/,
    )

    // A search finds the dead server's recall socket refusing and opens the directory itself.
    const searched = await runCli(['search', 'topic', '--namespace', 'bo', '--data-dir', dataDir, '--debug'])
    expect(searched.code).toBe(0)
    expect(searched.stderr).not.toMatch(/served by|ran in it/)
    expect(searched.stdout).toMatch(/Note number \d+ about topic/)

    // No server now (its lock and socket are stale): the re-run opens the files itself, skips what
    // is stored and adds the rest, nothing lost and nothing twice.
    const again = await runCli(['ingest', notes, '--namespace', 'bo', '--data-dir', dataDir])
    expect(again.stderr).not.toMatch(/served by/)
    expect(again.code).toBe(0)
    const list = await runCli([
      'list',
      '--namespace',
      'bo',
      '--limit',
      '500',
      '--json',
      '--data-dir',
      dataDir,
    ])
    const contents = contentsOf(list.stdout)
    expect(new Set(contents).size).toBe(files)
    expect(contents.length).toBe(files)
  })
})
