import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { asUnprivileged } from '@agent-memory/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEmbeddedStore } from './openEmbeddedStore.js'
import { walkFiles } from './walkFiles.js'

const probe = fileURLToPath(new URL('../__fixtures__/openProbe.mjs', import.meta.url))
// Root ignores file permissions: the probe runs as a user they bind (see `asUnprivileged`).
const NOBODY = 65534
const asNobody = asUnprivileged([]).asNobody

interface ProbeResult {
  opened: boolean
  readOnly?: boolean
  get?: string | null
  search?: string[]
  stats?: [string, number][]
  write?: 'ok' | { message: string; kind: string; code: string }
  error?: { message: string; kind: string; code: string }
}

function runProbe(dataDir: string, mode: 'fail' | 'read-only'): ProbeResult {
  const command = asUnprivileged([process.execPath, probe, dataDir, mode])
  const out = execFileSync(command.file, command.args, {
    encoding: 'utf8',
    timeout: 120_000,
    ...command.options,
  })
  return JSON.parse(out.trim().split('\n').at(-1)!) as ProbeResult
}

function makeReadOnly(path: string, alsoTop: boolean): void {
  walkFiles(path, (entry, isDirectory) => {
    chmodSync(entry, isDirectory ? 0o555 : 0o444)
    return true
  })
  if (alsoTop) chmodSync(path, 0o555)
}

describe('a data directory this user may not write', { timeout: 300_000 }, () => {
  let parent: string
  let template: string
  beforeAll(async () => {
    if (!existsSync(fileURLToPath(new URL('../../dist/index.js', import.meta.url)))) {
      throw new Error('build the package first (npx tsc -p tsconfig.build.json): these tests spawn dist/')
    }
    if (asNobody) {
      // The probe runs as `nobody`, which must reach this checkout's files: a clone inside a
      // directory only root may enter (`mktemp -d` makes them 0700) fails here in words, not
      // later as "Cannot find module".
      try {
        execFileSync(process.execPath, ['-e', `require('node:fs').accessSync(${JSON.stringify(probe)})`], {
          uid: NOBODY,
          gid: NOBODY,
          stdio: 'ignore',
        })
      } catch {
        throw new Error(
          `these tests run a probe as the unprivileged user nobody (uid ${NOBODY}), which cannot read ${probe}: ` +
            'a directory above this checkout is closed to other users (mktemp -d makes 0700 directories); ' +
            'clone into a directory others may enter (chmod o+x on each parent) to run them',
        )
      }
    }
    parent = mkdtempSync(join(tmpdir(), 'am-readonly-'))
    chmodSync(parent, 0o755)
    template = join(parent, 'template')
    const store = await openEmbeddedStore({
      dataDir: template,
      model: 'probe',
      dimensions: 4,
      handleSignals: false,
    })
    await store.upsert('ns', [
      {
        id: 'kept',
        tier: 'semantic',
        content: 'kept safe',
        fingerprint: 'k',
        embedding: Float32Array.from([1, 0, 0, 0]),
      },
    ])
    await store.close()
  }, 120_000)
  afterAll(() => {
    if (parent === undefined) return
    walkFiles(parent, (entry, isDirectory) => {
      chmodSync(entry, isDirectory ? 0o755 : 0o644)
      return true
    })
    rmSync(parent, { recursive: true, force: true })
  })

  function copyOfTemplate(name: string): string {
    const dir = join(parent, name)
    execFileSync('cp', ['-a', template, dir])
    // PostgreSQL files are private to their owner: the probe's user must own the copy.
    if (asNobody) execFileSync('chown', ['-R', `${NOBODY}:${NOBODY}`, dir])
    return dir
  }

  it('says so in one sentence, and a reader gets a read-only snapshot that serves get, search and stats', () => {
    const dir = copyOfTemplate('readonly-dir')
    makeReadOnly(dir, true)
    const refused = runProbe(dir, 'fail')
    expect(refused.opened).toBe(false)
    expect(refused.error?.kind).toBe('permission')
    expect(refused.error?.message).toBe(
      `the lock file in the data directory ${dir} is not writable by this user: make it writable (chmod -R u+w ${dir}, or run as its owner) or use another data directory`,
    )

    const reader = runProbe(dir, 'read-only')
    expect(reader).toMatchObject({
      opened: true,
      readOnly: true,
      get: 'kept safe',
      search: ['kept'],
      stats: [['ns', 1]],
    })
    expect(reader.write).toMatchObject({ kind: 'permission' })
    expect((reader.write as { message: string }).message).toMatch(
      new RegExp(
        `^the data directory ${dir} is read-only for this user, so it was opened for reading only: make it writable`,
      ),
    )
    // Nothing was left behind in the directory.
    expect(readdirSync(dir).filter((name) => name.startsWith('agent-memory'))).toEqual([])
  })

  it('names a read-only file instead of PGlite\'s "Aborted()"', () => {
    const dir = copyOfTemplate('readonly-files')
    makeReadOnly(join(dir, 'base'), false)
    makeReadOnly(join(dir, 'global'), false)
    chmodSync(dir, 0o777)
    const refused = runProbe(dir, 'fail')
    expect(refused.opened).toBe(false)
    expect(refused.error?.kind).toBe('permission')
    expect(refused.error?.message).not.toMatch(/Aborted/)
    expect(refused.error?.message).toMatch(
      new RegExp(
        `^${dir}/(base|global)(/\\S+)? in the data directory ${dir} is not writable by this user: make it writable`,
      ),
    )
    expect(runProbe(dir, 'read-only')).toMatchObject({ opened: true, readOnly: true, get: 'kept safe' })
    expect(existsSync(join(dir, 'agent-memory.lock'))).toBe(false)
  })

  it('says a data directory that cannot be created cannot be created', () => {
    const locked = join(parent, 'no-entry')
    execFileSync('mkdir', ['-m', '555', locked])
    const result = runProbe(join(locked, 'data'), 'read-only')
    expect(result.error?.message).toBe(
      `the data directory ${join(locked, 'data')} cannot be created by this user: create it with write access for this user, or use another data directory`,
    )
  })
})
