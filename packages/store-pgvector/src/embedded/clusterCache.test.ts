import { execFile } from 'node:child_process'
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { InvalidArgumentError } from '@agent-memory/core'
import { afterAll, describe, expect, it } from 'vitest'
import { openEmbeddedStore } from '../index.js'
import { ClusterCacheFile } from './ClusterCacheFile.js'
import { clusterCacheDir } from './clusterCacheDir.js'
import { pgliteVersion } from './pgliteVersion.js'

const run = promisify(execFile)
const probe = new URL('../__fixtures__/clusterProbe.mjs', import.meta.url).pathname
const dirs: string[] = []

function temporary(prefix: string): string {
  // Short: a served store's Unix socket path has to fit in 107 bytes.
  const dir = mkdtempSync(join(tmpdir(), prefix))
  dirs.push(dir)
  return dir
}

/** A new process opening `dataDir` with the machine cache in `cacheDir`. */
async function openInChild(
  dataDir: string,
  cacheDir: string,
): Promise<{ systemIdentifier: string; before: string[] }> {
  const { stdout } = await run(process.execPath, [probe, dataDir], {
    env: { ...process.env, AGENT_MEMORY_CACHE_DIR: cacheDir },
  })
  return JSON.parse(stdout.trim().split('\n').at(-1)!)
}

/** One plain ustar entry followed by the two zero blocks that end a tarball. */
function tarOf(name: string, content: string): Uint8Array {
  const header = Buffer.alloc(512)
  header.write(name, 0)
  header.write('0000600\0', 100)
  header.write('0000000\0', 108)
  header.write('0000000\0', 116)
  header.write(`${content.length.toString(8).padStart(11, '0')}\0`, 124)
  header.write('00000000000\0', 136)
  header.write('0', 156)
  header.write('ustar\0', 257)
  header.write('00', 263)
  header.fill(' ', 148, 156)
  let sum = 0
  for (const byte of header) sum += byte
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148)
  const body = Buffer.alloc(Math.ceil(content.length / 512) * 512)
  body.write(content)
  return Buffer.concat([header, body, Buffer.alloc(1024)])
}

describe('the machine keeps one pristine cluster for every later fresh store', { timeout: 300_000 }, () => {
  afterAll(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  const version = pgliteVersion()
  it('reads the installed PGlite version', () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+/)
  })

  it('files the first initdb owner-only; later processes load it, and one that will not boot is replaced', async () => {
    const cacheDir = join(temporary('am-cc-'), 'cache')
    const first = await openInChild(temporary('am-c1-'), cacheDir)
    const copy = join(cacheDir, `pglite-${version}-cluster.tar`)
    expect(statSync(copy).mode & 0o777).toBe(0o600)
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700)
    // Only the copy: no temporary file is left beside it.
    expect(readdirSync(cacheDir)).toEqual([`pglite-${version}-cluster.tar`])

    const secondDir = temporary('am-c2-')
    const second = await openInChild(secondDir, cacheDir)
    // initdb draws a new identifier; a loaded copy keeps the one it was taken with.
    expect(second.systemIdentifier).toBe(first.systemIdentifier)
    expect(second.before).toEqual([])
    // The copy carried no lock: the second directory opens again, with what it wrote.
    expect(readdirSync(secondDir)).not.toContain('agent-memory.lock')
    const again = await openInChild(secondDir, cacheDir)
    expect(again.before).toEqual(['m0'])

    // A well-formed tarball whose cluster is no cluster: the boot fails, initdb takes over in
    // the same directory, and a good copy replaces the bad one.
    writeFileSync(copy, tarOf('PG_VERSION', '99\n'), { mode: 0o600 })
    const repaired = await openInChild(temporary('am-c3-'), cacheDir)
    expect(repaired.systemIdentifier).not.toBe(first.systemIdentifier)
    expect(repaired.before).toEqual([])
    expect(statSync(copy).size).toBeGreaterThan(1_000_000)
    const next = await openInChild(temporary('am-c4-'), cacheDir)
    expect(next.systemIdentifier).toBe(repaired.systemIdentifier)
  })

  it('reads only a plain cluster tarball of this user that no one else may write', async () => {
    const dir = join(temporary('am-cf-'), 'cache')
    const file = new ClusterCacheFile(dir, '0.0.0-test')
    const cluster = tarOf('PG_VERSION', '17\n')
    expect(await file.read()).toBeUndefined()
    expect(await file.write(cluster)).toBe(true)
    expect(Buffer.from((await file.read()) ?? [])).toEqual(cluster)

    chmodSync(file.path, 0o666)
    expect(await file.read()).toBeUndefined()
    chmodSync(file.path, 0o600)
    chmodSync(dir, 0o777)
    expect(await file.read()).toBeUndefined()
    expect(await file.write(cluster)).toBe(false)
    chmodSync(dir, 0o700)

    // A link to a good copy is not read (a link could point anywhere).
    const linked = new ClusterCacheFile(dir, '0.0.0-link')
    symlinkSync(file.path, linked.path)
    expect(await linked.read()).toBeUndefined()

    // Not a tarball, or one carrying more than the cluster's files (a store's lock).
    writeFileSync(file.path, 'not a tarball', { mode: 0o600 })
    expect(await file.read()).toBeUndefined()
    writeFileSync(file.path, Buffer.concat([tarOf('agent-memory.lock', '{}').subarray(0, 1024), cluster]), {
      mode: 0o600,
    })
    expect(await file.read()).toBeUndefined()
  })

  it('takes its place from AGENT_MEMORY_CACHE_DIR, else the platform cache directory', () => {
    expect(clusterCacheDir({ AGENT_MEMORY_CACHE_DIR: '/srv/c' }, 'linux')).toBe('/srv/c')
    expect(clusterCacheDir({ AGENT_MEMORY_CACHE_DIR: ' ' }, 'linux')).toBeUndefined()
    expect(clusterCacheDir({ XDG_CACHE_HOME: '/x' }, 'linux')).toBe('/x/agent-memory')
    // A relative XDG_CACHE_HOME is invalid by the spec and ignored.
    expect(clusterCacheDir({ XDG_CACHE_HOME: 'x' }, 'linux')).toMatch(/\/\.cache\/agent-memory$/)
    expect(clusterCacheDir({}, 'darwin')).toMatch(/\/Library\/Caches\/agent-memory$/)
    expect(clusterCacheDir({ LOCALAPPDATA: 'C:\\L' }, 'win32')).toMatch(/^C:\\L.agent-memory.Cache$/)
  })

  it('refuses a clusterCache that is not a path or false, before touching anything', async () => {
    const dataDir = join(temporary('am-c7-'), 'store')
    for (const clusterCache of ['', 42 as unknown as string]) {
      await expect(openEmbeddedStore({ dataDir, dimensions: 4, clusterCache })).rejects.toSatisfy(
        (error) => InvalidArgumentError.isInstance(error) && /clusterCache/.test(String(error)),
      )
    }
    expect(() => statSync(dataDir)).toThrow()
  })
})
