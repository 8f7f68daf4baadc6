import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { LockedError } from '@agent-memory/core'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { drizzle } from 'drizzle-orm/pglite'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createPgVectorStore, openEmbeddedStore } from './index.js'

const child = fileURLToPath(new URL('./__fixtures__/embeddedChild.mjs', import.meta.url))
const dims = 4
const v = () => Float32Array.from([1, 0, 0, 0])
const dirs: string[] = []

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'am-embedded-'))
  dirs.push(dir)
  return dir
}

function run(mode: 'hold' | 'try', dataDir: string): { process: ChildProcess; firstLine: Promise<string> } {
  const proc = spawn(process.execPath, [child, mode, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] })
  const firstLine = new Promise<string>((resolve, reject) => {
    let buffered = ''
    proc.stdout!.on('data', (data: Buffer) => {
      buffered += data.toString()
      const newline = buffered.indexOf('\n')
      if (newline >= 0) resolve(buffered.slice(0, newline))
    })
    proc.on('exit', (code) => reject(new Error(`child exited (${code}) before answering: ${buffered}`)))
  })
  return { process: proc, firstLine }
}

const exited = (proc: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve(proc.exitCode)
    else proc.on('exit', (code) => resolve(code))
  })

describe('embedded PGlite store', { timeout: 300_000 }, () => {
  beforeAll(() => {
    if (!existsSync(fileURLToPath(new URL('../dist/index.js', import.meta.url)))) {
      throw new Error('build the package first (npx tsc -p tsconfig.build.json): the lock tests spawn dist/')
    }
  })
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('refuses a second process while the first holds the directory, naming the holder', async () => {
    const dataDir = freshDir()
    const store = await openEmbeddedStore({
      dataDir,
      model: 'lock-test',
      dimensions: dims,
      handleSignals: false,
    })
    try {
      const attempt = run('try', dataDir)
      const answer = JSON.parse(await attempt.firstLine) as {
        reason: string
        message: string
        holder: string
      }
      expect(answer.reason).toBe('locked')
      expect(answer.holder).toContain(`process ${process.pid}`)
      expect(answer.message).toContain(dataDir)
      await exited(attempt.process)
    } finally {
      await store.close()
    }
    const after = run('try', dataDir)
    expect(JSON.parse(await after.firstLine)).toEqual({ opened: true })
    await exited(after.process)
  })

  it('refuses this process while another holds it; SIGTERM closes the holder cleanly and releases the lock', async () => {
    const dataDir = freshDir()
    const holder = run('hold', dataDir)
    try {
      expect(await holder.firstLine).toBe('ready')
      const error = await openEmbeddedStore({ dataDir, model: 'lock-test', dimensions: dims }).then(
        () => undefined,
        (caught: unknown) => caught,
      )
      expect(LockedError.isInstance(error)).toBe(true)
      expect((error as LockedError).holder).toContain(`process ${holder.process.pid}`)
      expect((error as LockedError).holder).toContain('embeddedChild.mjs')
      holder.process.kill('SIGTERM')
      await exited(holder.process)
      expect(existsSync(join(dataDir, 'agent-memory.lock'))).toBe(false)
      const store = await openEmbeddedStore({
        dataDir,
        model: 'lock-test',
        dimensions: dims,
        handleSignals: false,
      })
      try {
        expect((await store.get('child', 'from-child'))?.content).toBe('written by the child')
      } finally {
        await store.close()
      }
    } finally {
      holder.process.kill('SIGKILL')
    }
  })

  it('refuses a second open in the same process and takes over a lock left by a dead process', async () => {
    const dataDir = freshDir()
    const store = await openEmbeddedStore({
      dataDir,
      model: 'lock-test',
      dimensions: dims,
      handleSignals: false,
    })
    await expect(openEmbeddedStore({ dataDir, model: 'lock-test', dimensions: dims })).rejects.toSatisfy(
      LockedError.isInstance,
    )
    await store.upsert('ns', [
      { id: 'kept', tier: 'semantic', content: 'kept', fingerprint: 'k', embedding: v() },
    ])
    await store.close()

    const dead = spawn(process.execPath, ['-e', ''])
    await exited(dead)
    writeFileSync(
      join(dataDir, 'agent-memory.lock'),
      JSON.stringify({
        pid: dead.pid,
        host: hostname(),
        startedAt: new Date().toISOString(),
        command: 'crashed',
      }),
    )
    const reopened = await openEmbeddedStore({
      dataDir,
      model: 'lock-test',
      dimensions: dims,
      handleSignals: false,
    })
    try {
      expect((await reopened.get('ns', 'kept'))?.content).toBe('kept')
    } finally {
      await reopened.close()
    }
    expect(existsSync(join(dataDir, 'agent-memory.lock'))).toBe(false)
  })

  it('keeps memory:// stores separate and unlocked', async () => {
    const a = await openEmbeddedStore({ dataDir: 'memory://', dimensions: dims })
    const b = await openEmbeddedStore({ dimensions: dims })
    try {
      await a.upsert('ns', [
        { id: 'only-a', tier: 'semantic', content: 'a', fingerprint: 'a', embedding: v() },
      ])
      expect(await b.get('ns', 'only-a')).toBeNull()
      expect(a.backend).toBe('pglite')
      expect(await a.storageBytes()).toBeGreaterThan(0)
    } finally {
      await a.close()
      await b.close()
    }
  })

  it('runs on a drizzle db over a caller-owned PGlite and never closes it', async () => {
    const client = await PGlite.create({ extensions: { vector } })
    try {
      const db = drizzle(client)
      const store = await createPgVectorStore({ db, dimensions: dims, model: 'drizzle', migrate: true })
      await store.upsert('ns', [
        { id: 'd1', tier: 'semantic', content: 'via drizzle', fingerprint: 'd', embedding: v() },
      ])
      expect((await store.searchVector('ns', v(), { limit: 1 }))[0]?.memory.id).toBe('d1')
      await store.close()
      expect(client.closed).toBe(false)
      expect((await client.query<{ n: number }>('SELECT count(*)::int AS n FROM memories')).rows[0]?.n).toBe(
        1,
      )
    } finally {
      await client.close()
    }
  })
})
