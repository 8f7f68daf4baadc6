import { execFile } from 'node:child_process'
import { chmodSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { asUnprivileged } from '@agent-memory/testkit'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BIN, CLI_ROOT, cliEnv, runCli, temporaryDirectory } from './__fixtures__/cliProcess.js'
import { usePostgresDatabase } from './__fixtures__/usePostgresDatabase.js'

// Root ignores file permissions: the CLI runs as a user they bind (see `asUnprivileged`).
const unprivileged = asUnprivileged([process.execPath, BIN])

function runAs(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      unprivileged.file,
      [...unprivileged.args, ...args],
      { cwd: CLI_ROOT, env: cliEnv({ HOME: '/tmp' }), ...unprivileged.options },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
    )
  })
}

function chmodTree(dir: string, fileMode: number, dirMode: number): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) chmodTree(path, fileMode, dirMode)
    else chmodSync(path, fileMode)
  }
  chmodSync(dir, dirMode)
}

describe('setup failures in one sentence (real binary)', { timeout: 300_000 }, () => {
  let tmp: Awaited<ReturnType<typeof temporaryDirectory>>
  let dataDir: string
  beforeAll(async () => {
    tmp = await temporaryDirectory()
    chmodSync(tmp.dir, 0o755)
    dataDir = join(tmp.dir, 'data')
    const made = await runCli(['remember', 'Prefers green tea', '--namespace', 'ada', '--data-dir', dataDir])
    expect(made.code).toBe(0)
    if (unprivileged.asNobody) {
      const { execFileSync } = await import('node:child_process')
      execFileSync('chown', ['-R', '65534:65534', dataDir])
    }
    chmodTree(dataDir, 0o444, 0o555)
  }, 120_000)
  afterAll(async () => {
    if (dataDir !== undefined) chmodTree(dataDir, 0o644, 0o755)
    await tmp?.remove()
  })

  it('a read-only data directory still serves search, list and stats; remember says what to do', async () => {
    const search = await runAs(['search', 'green tea', '--namespace', 'ada', '--data-dir', dataDir])
    expect(search.stderr).toContain('read-only snapshot')
    expect(search.code).toBe(0)
    expect(search.stdout).toContain('Prefers green tea')
    const list = await runAs(['list', '--namespace', 'ada', '--data-dir', dataDir])
    expect(list.code).toBe(0)
    expect(list.stdout).toContain('Prefers green tea')
    const stats = await runAs(['stats', '--data-dir', dataDir])
    expect(stats.code).toBe(0)
    expect(stats.stdout).toMatch(/memories\s+1 in 1 namespace/)

    const remember = await runAs(['remember', 'Another', '--namespace', 'ada', '--data-dir', dataDir])
    expect(remember.code).toBe(1)
    expect(remember.stderr.trim()).toBe(
      `error: the lock file in the data directory ${dataDir} is not writable by this user: make it writable (chmod -R u+w ${dataDir}, or run as its owner) or use another data directory`,
    )
    const debug = await runAs(['remember', 'Another', '--namespace', 'ada', '--data-dir', dataDir, '--debug'])
    expect(debug.stderr.split('\n')[0]).toBe(remember.stderr.trim())
    expect(debug.stderr).toMatch(/StoreError: the lock file/)
  })
})

const databaseUrl = process.env.DATABASE_URL
describe.runIf(databaseUrl !== undefined && databaseUrl !== '')(
  'setup failures on PostgreSQL (real binary)',
  { timeout: 300_000 },
  () => {
    const { url } = usePostgresDatabase('agent_memory_cli_setup_')

    it('names a missing database and says how to create it', async () => {
      const result = await runCli([
        'search',
        'x',
        '--namespace',
        'ada',
        '--database-url',
        url('am_no_such_db'),
      ])
      expect(result.code).toBe(1)
      expect(result.stderr.trim()).toMatch(
        /^error: the database "am_no_such_db" does not exist: create it \(createdb am_no_such_db\) or fix the database name in the connection string \(database postgres:\/\/[^)]*am_no_such_db\)$/,
      )
    })

    it("an app's own memories table: init says to use --schema, and --schema keeps both", async () => {
      const app = new pg.Client({ connectionString: url() })
      await app.connect()
      try {
        await app.query('CREATE TABLE memories (note text)')
        const clash = await runCli(['init', '--database-url', url()])
        expect(clash.code).toBe(1)
        expect(clash.stderr.trim()).toMatch(
          /^error: a table or index named memories already exists and is not agent-memory's: keep agent-memory in its own schema with the schema option \(--schema on the CLI\) \(database .*\)$/,
        )
        const debug = await runCli(['init', '--database-url', url(), '--debug'])
        expect(debug.stderr).toContain('detail: SQLSTATE 42P07: relation "memories" already exists')

        expect((await runCli(['init', '--database-url', url(), '--schema', 'agent_memory'])).code).toBe(0)
        const remember = await runCli([
          'remember',
          'Likes jasmine tea',
          '--namespace',
          'ada',
          '--database-url',
          url(),
          '--schema',
          'agent_memory',
        ])
        expect(remember.code).toBe(0)
        const search = await runCli([
          'search',
          'jasmine',
          '--namespace',
          'ada',
          '--database-url',
          url(),
          '--schema',
          'agent_memory',
        ])
        expect(search.stdout).toContain('Likes jasmine tea')
        expect((await app.query('SELECT count(*)::int AS n FROM public.memories')).rows[0].n).toBe(0)
        expect((await app.query('SELECT count(*)::int AS n FROM agent_memory.memories')).rows[0].n).toBe(1)
        const bad = await runCli([
          'search',
          'x',
          '--namespace',
          'ada',
          '--database-url',
          url(),
          '--schema',
          'a;b',
        ])
        expect(bad.code).toBe(2)
      } finally {
        await app.end()
      }
    })
  },
)
