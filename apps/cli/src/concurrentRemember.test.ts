import path from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { BIN, CLI_ROOT, cliEnv, runCli } from './__fixtures__/cliProcess.js'
import { usePostgresDatabase } from './__fixtures__/usePostgresDatabase.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'

const CONTENT = 'Ada locks the red bicycle to the lamp post outside the bakery'
const occurrences = (text: string) => text.split(CONTENT).length - 1

describe('8 parallel identical remembers leave one memory (real binary)', () => {
  const temp = useTemporaryDirectory()

  it('through 8 parallel MCP memory_remember calls to one `agent-memory mcp`', async () => {
    const dataDir = path.join(temp.dir, 'mcp')
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--namespace', 'ada', '--data-dir', dataDir],
      cwd: CLI_ROOT,
      env: cliEnv() as Record<string, string>,
      stderr: 'pipe',
    })
    const client = new Client({ name: 'concurrent-remember-test', version: '1' })
    await client.connect(transport)
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          client.callTool({ name: 'memory_remember', arguments: { content: CONTENT } }),
        ),
      )
      for (const answer of answers) expect(answer.isError).not.toBe(true)
      const search = await client.callTool({
        name: 'memory_search',
        arguments: { query: 'red bicycle lamp post bakery', limit: 10 },
      })
      const text = (search.content as Array<{ text: string }>).map((part) => part.text).join('\n')
      expect(occurrences(text)).toBe(1)
    } finally {
      await client.close()
    }
    const list = await runCli(['list', '--namespace', 'ada', '--data-dir', dataDir, '--json'])
    expect(list.code).toBe(0)
    expect(occurrences(list.stdout)).toBe(1)
    expect(list.stdout).toMatch(/"accessCount":\s*(7|8|9|1\d)/)
  })
})

const databaseUrl = process.env.DATABASE_URL
describe.runIf(databaseUrl !== undefined && databaseUrl !== '')(
  '8 parallel identical `agent-memory remember` processes on PostgreSQL',
  () => {
    const { url } = usePostgresDatabase('agent_memory_cli_race_')

    it('leave exactly one row and 7 reinforcements (3 rounds)', async () => {
      expect((await runCli(['init', '--database-url', url()])).code).toBe(0)
      const db = new pg.Client({ connectionString: url() })
      await db.connect()
      try {
        for (let round = 0; round < 3; round++) {
          const content = `${CONTENT}, round ${round}`
          const runs = await Promise.all(
            Array.from({ length: 8 }, () =>
              runCli(['remember', content, '--namespace', 'ada', '--database-url', url()]),
            ),
          )
          for (const run of runs) expect(run.code, run.stderr).toBe(0)
          const rows = await db.query('SELECT id FROM memories WHERE content = $1', [content])
          expect(rows.rows).toHaveLength(1)
          // The reinforcement is kept beside the row: read as every reader sees it.
          const list = await runCli([
            'list',
            '--namespace',
            'ada',
            '--database-url',
            url(),
            '--json',
            '--limit',
            '100',
          ])
          expect(list.code, list.stderr).toBe(0)
          const listed = (JSON.parse(list.stdout) as { memories: Array<{ id: string; accessCount: number }> })
            .memories
          expect(listed.find((m) => m.id === rows.rows[0].id)?.accessCount).toBe(7)
        }
      } finally {
        await db.end()
      }
    })
  },
)
