import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { runCli, startCli } from './__fixtures__/cliProcess.js'
import { useFakeEmbedder } from './__fixtures__/useFakeEmbedder.js'
import { usePostgresDatabase } from './__fixtures__/usePostgresDatabase.js'
import { readAutovacuumFacts } from './doctor/readAutovacuumFacts.js'
import { readBufferFacts } from './doctor/readBufferFacts.js'
import { type DoctorJson, DoctorJsonSchema } from './json/DoctorJsonSchema.js'

const API_KEY = 'sk-or-v1-doctor-test-0123456789abcdef0123456789'
const HOLD_FIXTURE = fileURLToPath(new URL('./__fixtures__/holdDataDir.mjs', import.meta.url))
const databaseUrl = process.env.DATABASE_URL

async function doctor(args: string[], env: Record<string, string> = {}) {
  const result = await runCli(['doctor', ...args, '--json'], { env })
  const report = DoctorJsonSchema.parse(JSON.parse(result.stdout))
  return { code: result.code, stderr: result.stderr, stdout: result.stdout, report }
}

function check(report: DoctorJson, name: string) {
  const found = report.checks.find((entry) => entry.name === name)
  if (found === undefined) throw new Error(`no ${name} check in ${JSON.stringify(report.checks)}`)
  return found
}

async function serverSetting(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<{ value: string }>('SELECT current_setting($1) AS value', [name])).rows[0]!
      .value
  } finally {
    await client.end()
  }
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('agent-memory doctor (subprocess)', () => {
  const fake = useFakeEmbedder({ apiKey: API_KEY })

  it('passes a healthy embedded store: every check ✔, exit 0', async () => {
    const dataDir = path.join(fake.dir, 'healthy')
    expect((await runCli(['init', '--data-dir', dataDir])).code).toBe(0)
    const { code, report } = await doctor(['--data-dir', dataDir])
    expect(code).toBe(0)
    expect(report.healthy).toBe(true)
    expect(report.store).toEqual({ kind: 'embedded', dataDir })
    expect(report.checks.filter((entry) => entry.status === 'fail')).toEqual([])
    expect(report.checks.map((entry) => entry.name)).toEqual([
      'node',
      'data-dir',
      'lock',
      'store-server',
      'pglite',
      'embedder',
      'embedder-reachable',
      'recorded-embedder',
    ])
    expect(check(report, 'recorded-embedder').detail).toMatch(
      /^the store records agent-memory\/hashing-v1.*512 dimensions\), as configured$/,
    )
    const text = await runCli(['doctor', '--data-dir', dataDir])
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/^✔ node {15}Node \d+\.\d+\.\d+$/m)
    expect(text.stdout).toContain('All checks passed.')
  })

  it('names a store recorded with another embedder, and reembed as the fix', async () => {
    const dataDir = path.join(fake.dir, 'recorded')
    expect((await runCli(['init', '--data-dir', dataDir])).code).toBe(0)
    const { code, report } = await doctor(['--data-dir', dataDir, '--base-url', fake.server.url], {
      OPENROUTER_API_KEY: API_KEY,
    })
    expect(code).toBe(1)
    expect(check(report, 'embedder-reachable').status).toBe('ok')
    const recorded = check(report, 'recorded-embedder')
    expect(recorded.status).toBe('fail')
    expect(recorded.detail).toBe(
      'the store records 512-dimensional vectors but this configuration embeds with openai/text-embedding-3-small (1536 dimensions): searches and writes are refused',
    )
    expect(recorded.fix).toMatch(/agent-memory reembed/)
  })

  it('reports a wrong embedder key (401) with its fix, and never prints the key', async () => {
    const dataDir = path.join(fake.dir, 'wrong-key')
    const wrongKey = 'sk-or-v1-wrong-key-fedcba9876543210fedcba98'
    const requestsBefore = fake.server.requests.length
    const result = await doctor(['--data-dir', dataDir, '--base-url', fake.server.url], {
      OPENROUTER_API_KEY: wrongKey,
    })
    expect(result.code).toBe(1)
    const reachable = check(result.report, 'embedder-reachable')
    expect(reachable.status).toBe('fail')
    expect(reachable.detail).toMatch(/401/)
    expect(reachable.fix).toBe(
      'the server refused the API key: set OPENROUTER_API_KEY to a key this server accepts',
    )
    // One tiny request, not retried.
    expect(fake.server.requests.slice(requestsBefore).map((request) => request.inputs)).toEqual([
      ['agent-memory doctor'],
    ])
    expect(result.stdout + result.stderr).not.toContain(wrongKey)
    expect(result.stdout + result.stderr).not.toContain(API_KEY)
  })

  it('names the holder of the data directory and whether it answers', async () => {
    const dataDir = path.join(fake.dir, 'held')
    const holder = spawn(process.execPath, [HOLD_FIXTURE, dataDir], { stdio: ['pipe', 'ignore', 'pipe'] })
    await new Promise<void>((resolve, reject) => {
      holder.stderr!.on('data', (chunk: Buffer) => chunk.toString().includes('holding') && resolve())
      holder.on('exit', (code) => reject(new Error(`the holder exited (${code})`)))
    })
    const exited = new Promise((resolve) => holder.on('exit', resolve))
    try {
      const { code, report } = await doctor(['--data-dir', dataDir])
      expect(code).toBe(1)
      expect(check(report, 'lock').detail).toContain(`process ${holder.pid}`)
      const server = check(report, 'store-server')
      expect(server.status).toBe('fail')
      expect(server.detail).toContain('does not answer on its socket')
      expect(server.fix).toMatch(/agent-memory serve, mcp or ui/)
      expect(check(report, 'recorded-embedder').status).toBe('skip')
    } finally {
      holder.stdin!.end()
      await exited
    }
    const served = await startCli(['serve', '--data-dir', dataDir], /serving .* on /)
    try {
      const { code, report } = await doctor(['--data-dir', dataDir])
      expect(check(report, 'store-server')).toMatchObject({ status: 'ok' })
      expect(check(report, 'recorded-embedder').status).toBe('ok')
      expect(code).toBe(0)
    } finally {
      served.child.kill('SIGINT')
      await served.stop()
    }
  })

  it('names an embedder that cannot be configured, and still examines the store', async () => {
    const dataDir = path.join(fake.dir, 'no-key')
    const { code, report } = await doctor(['--data-dir', dataDir, '--embedder', 'openrouter'])
    expect(code).toBe(1)
    expect(check(report, 'data-dir').status).toBe('ok')
    expect(check(report, 'embedder')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/^the openrouter embedder needs OPENROUTER_API_KEY/),
    })
    expect(check(report, 'embedder-reachable').status).toBe('skip')
  })

  it('names a closed port with the fix', async () => {
    const port = await closedPort()
    const { code, report } = await doctor([
      '--database-url',
      `postgres://app:secret-pw@127.0.0.1:${port}/app`,
    ])
    expect(code).toBe(1)
    expect(report.store).toEqual({ kind: 'postgres', url: `postgres://app:[REDACTED]@127.0.0.1:${port}/app` })
    const database = check(report, 'database')
    expect(database.status).toBe('fail')
    expect(database.detail).toContain(`ECONNREFUSED 127.0.0.1:${port}`)
    expect(database.fix).toMatch(/DATABASE_URL/)
    expect(JSON.stringify(report)).not.toContain('secret-pw')
    expect(
      ['pgvector', 'migrations', 'shared-buffers', 'autovacuum', 'recorded-embedder'].map(
        (name) => check(report, name).status,
      ),
    ).toEqual(['skip', 'skip', 'skip', 'skip', 'skip'])
  })

  describe.runIf(databaseUrl !== undefined && databaseUrl !== '')('on PostgreSQL', () => {
    const database = usePostgresDatabase('doctor_')

    it('names a database without pgvector, then passes once init created it', async () => {
      const before = await doctor(['--database-url', database.url()])
      expect(before.code).toBe(1)
      const pgvector = check(before.report, 'pgvector')
      expect(pgvector.status).toBe('fail')
      expect(pgvector.detail).toMatch(
        /^the vector extension is not created in this database \(the server has pgvector \d/,
      )
      expect(pgvector.fix).toMatch(/agent-memory init/)
      expect(check(before.report, 'migrations').status).toBe('fail')

      expect((await runCli(['init', '--database-url', database.url()])).code).toBe(0)
      const after = await doctor(['--database-url', database.url()])
      // The one setting a test may not change is the server's own autovacuum: the check must say
      // what the server has, and nothing else may fail.
      const serverAutovacuum = await serverSetting(database.url(), 'autovacuum')
      expect(
        after.report.checks.filter((entry) => entry.status === 'fail').map((entry) => entry.name),
      ).toEqual(serverAutovacuum === 'on' ? [] : ['autovacuum'])
      expect(check(after.report, 'shared-buffers').detail).toMatch(
        /^shared_buffers .* holds the store's .* of tables and indexes$/,
      )
      expect(check(after.report, 'autovacuum').status).toBe(serverAutovacuum === 'on' ? 'ok' : 'fail')
      expect(after.code).toBe(serverAutovacuum === 'on' ? 0 : 1)
    })

    it('fails a store whose tables turned autovacuum off, naming them and the fix', async () => {
      const url = database.url()
      expect((await runCli(['init', '--database-url', url])).code).toBe(0)
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query('ALTER TABLE memories SET (autovacuum_enabled = off)')
        await client.query('ALTER TABLE memory_chunks SET (autovacuum_enabled = false)')
        const facts = await readAutovacuumFacts(client)
        expect(facts).toEqual({
          server: (await serverSetting(url, 'autovacuum')) === 'on',
          trackCounts: (await serverSetting(url, 'track_counts')) === 'on',
          disabledTables: ['memories', 'memory_chunks'],
        })
        const { code, report } = await doctor(['--database-url', url])
        expect(code).toBe(1)
        const autovacuum = check(report, 'autovacuum')
        expect(autovacuum.status).toBe('fail')
        expect(autovacuum.detail).toContain('autovacuum_enabled = false on memories, memory_chunks')
        expect(autovacuum.fix).toContain('RESET (autovacuum_enabled) on memories, memory_chunks')
        // The store still opens: a slow store is not a broken one.
        expect(check(report, 'recorded-embedder').detail).not.toContain('cannot be opened')

        await client.query('ALTER TABLE memories RESET (autovacuum_enabled)')
        await client.query('ALTER TABLE memory_chunks SET (autovacuum_enabled = on)')
        expect((await readAutovacuumFacts(client)).disabledTables).toEqual([])
      } finally {
        await client.end()
      }
    })

    it('reads the buffer pool and the store’s size, partitions included, as PostgreSQL counts them', async () => {
      const url = database.url()
      expect((await runCli(['init', '--database-url', url])).code).toBe(0)
      expect(
        (await runCli(['remember', 'Ada keeps bees on the roof', '-n', 'ada', '--database-url', url])).code,
      ).toBe(0)
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        const facts = await readBufferFacts(client)
        const expected = await client.query<{ pool: string; store: string }>(
          `SELECT pg_size_bytes(current_setting('shared_buffers'))::text AS pool,
             (pg_total_relation_size('memories') + pg_total_relation_size('memory_chunks')
               + pg_total_relation_size('agent_memory_keyword_lexemes')
               + pg_total_relation_size('agent_memory_keyword_corpus'))::text AS store`,
        )
        expect(facts).toEqual({
          sharedBuffersBytes: Number(expected.rows[0]!.pool),
          storeBytes: Number(expected.rows[0]!.store),
        })
        expect(facts.storeBytes).toBeGreaterThan(0)
      } finally {
        await client.end()
      }
      const partitioned = usePartitioned(url)
      const parts = await partitioned
      expect(parts.storeBytes).toBeGreaterThan(0)
      expect(parts.storeBytes).toBe(parts.leaves)
    })
  })
})

/** After `init --partitions 4`: the facts sum the leaves, not the empty parents. */
async function usePartitioned(url: string): Promise<{ storeBytes: number; leaves: number }> {
  const parsed = new URL(url)
  parsed.pathname = `${parsed.pathname}_parts`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  const name = parsed.pathname.slice(1)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const client = new pg.Client({ connectionString: parsed.toString() })
  try {
    expect((await runCli(['init', '--partitions', '4', '--database-url', parsed.toString()])).code).toBe(0)
    expect(
      (await runCli(['remember', 'Partitioned bees', '-n', 'ada', '--database-url', parsed.toString()])).code,
    ).toBe(0)
    await client.connect()
    const facts = await readBufferFacts(client)
    const { rows } = await client.query<{ leaves: string }>(
      `SELECT sum(pg_total_relation_size(c.oid))::text AS leaves FROM pg_class c
        WHERE c.relkind = 'r' AND (c.relname LIKE 'memories%' OR c.relname LIKE 'memory_chunks%'
          OR c.relname LIKE 'agent_memory_keyword_lexemes%' OR c.relname LIKE 'agent_memory_keyword_corpus%')`,
    )
    return { storeBytes: facts.storeBytes, leaves: Number(rows[0]!.leaves) }
  } finally {
    await client.end().catch(() => undefined)
    const drop = new pg.Client({ connectionString: url })
    await drop.connect()
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await drop.end()
  }
}
