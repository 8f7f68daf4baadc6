import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface, type Interface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { LockedError } from '@agent-memory/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DataDirLock } from './DataDirLock.js'
import { processStartTime } from './processStartTime.js'

const contenderScript = fileURLToPath(new URL('../__fixtures__/lockContender.mjs', import.meta.url))
const CONTENDERS = 6
const TRIALS = 30

interface Contender {
  process: ChildProcess
  next(): Promise<string>
  send(line: string): void
}

function startContender(): Contender {
  const child = spawn(process.execPath, [contenderScript], { stdio: ['pipe', 'pipe', 'inherit'] })
  const lines: Interface = createInterface({ input: child.stdout! })
  const queued: string[] = []
  const waiting: ((line: string) => void)[] = []
  lines.on('line', (line) => {
    const waiter = waiting.shift()
    if (waiter === undefined) queued.push(line)
    else waiter(line)
  })
  return {
    process: child,
    next: () =>
      queued.length > 0
        ? Promise.resolve(queued.shift()!)
        : new Promise<string>((resolve) => waiting.push(resolve)),
    send: (line) => child.stdin!.write(`${line}\n`),
  }
}

async function deadPid(): Promise<number> {
  const dead = spawn(process.execPath, ['-e', ''])
  await new Promise((resolve) => dead.on('exit', resolve))
  return dead.pid!
}

const lockPath = (dir: string) => join(dir, 'agent-memory.lock')
const dirs: string[] = []
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'am-lock-'))
  dirs.push(dir)
  return dir
}

describe('DataDirLock', { timeout: 300_000 }, () => {
  beforeAll(() => {
    if (!existsSync(fileURLToPath(new URL('../../dist/index.js', import.meta.url)))) {
      throw new Error('build the package first (npx tsc -p tsconfig.build.json): the lock tests spawn dist/')
    }
  })
  afterAll(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it(`gives a stale lock to exactly one of ${CONTENDERS} simultaneous openers (${TRIALS} trials)`, async () => {
    const contenders = Array.from({ length: CONTENDERS }, startContender)
    try {
      for (const contender of contenders) expect(await contender.next()).toBe('ready')
      const dir = freshDir()
      const pid = await deadPid()
      const holdersPerTrial: number[] = []
      for (let trial = 0; trial < TRIALS; trial++) {
        // A lock left by a crashed process, in the format every version reads.
        writeFileSync(
          lockPath(dir),
          JSON.stringify({
            pid,
            host: hostname(),
            startedAt: '2020-01-01T00:00:00.000Z',
            command: 'crashed',
          }),
        )
        const startAt = Date.now() + 150
        for (const contender of contenders) contender.send(`acquire ${dir} ${startAt}`)
        const answers = await Promise.all(contenders.map((contender) => contender.next()))
        const holders = answers.filter((answer) => answer === 'held').length
        holdersPerTrial.push(holders)
        for (const answer of answers) {
          if (answer !== 'held')
            expect(answer).toMatch(/^locked the data directory .* is in use by process \d+/)
        }
        if (holders === 1) {
          const holder = contenders[answers.indexOf('held')]!
          expect(JSON.parse(readFileSync(lockPath(dir), 'utf8')).pid).toBe(holder.process.pid)
        }
        for (const contender of contenders) contender.send('release')
        for (const contender of contenders) expect(await contender.next()).toBe('released')
        expect(existsSync(lockPath(dir))).toBe(false)
      }
      expect(holdersPerTrial).toEqual(Array(TRIALS).fill(1))
    } finally {
      for (const contender of contenders) contender.process.kill('SIGKILL')
    }
  })

  it('takes over a lock whose pid now belongs to another live process (pid reuse) or an earlier boot', () => {
    const dir = freshDir()
    const live = process.ppid
    const plant = (extra: Record<string, unknown>) =>
      writeFileSync(
        lockPath(dir),
        JSON.stringify({
          pid: live,
          host: hostname(),
          startedAt: '2020-01-01T00:00:00.000Z',
          command: 'old',
          ...extra,
        }),
      )
    plant({ processStart: 'ticks:1' })
    const reused = DataDirLock.acquire(dir)
    expect(JSON.parse(readFileSync(lockPath(dir), 'utf8')).pid).toBe(process.pid)
    reused.release()
    expect(existsSync(lockPath(dir))).toBe(false)

    if (existsSync('/proc/sys/kernel/random/boot_id')) {
      plant({ processStart: processStartTime(live), boot: '00000000-0000-0000-0000-000000000000' })
      DataDirLock.acquire(dir).release()
      expect(existsSync(lockPath(dir))).toBe(false)
    }
  })

  it('refuses a lock held by a live process, naming it and the lock file to delete', () => {
    const dir = freshDir()
    const live = process.ppid
    const start = processStartTime(live)
    writeFileSync(
      lockPath(dir),
      JSON.stringify({
        pid: live,
        host: hostname(),
        startedAt: 'then',
        command: 'holder',
        processStart: start,
      }),
    )
    let caught: unknown
    try {
      DataDirLock.acquire(dir)
    } catch (error) {
      caught = error
    }
    expect(LockedError.isInstance(caught)).toBe(true)
    const error = caught as LockedError
    expect(error.holder).toContain(`process ${live} (holder)`)
    expect(error.message).toContain(`delete ${lockPath(dir)}`)
    expect(existsSync(lockPath(dir))).toBe(true)
  })

  it('release leaves alone a lock that another acquisition now owns', () => {
    const dir = freshDir()
    const first = DataDirLock.acquire(dir)
    writeFileSync(
      lockPath(dir),
      JSON.stringify({
        pid: process.pid,
        host: hostname(),
        startedAt: 'now',
        command: 'other',
        nonce: 'someone-else',
      }),
    )
    first.release()
    expect(existsSync(lockPath(dir))).toBe(true)
  })
})
