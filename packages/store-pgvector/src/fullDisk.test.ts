import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StoreError } from '@agent-memory/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISK_RESERVE_BYTES } from './embedded/checkDiskSpace.js'
import { openEmbeddedStore } from './embedded/openEmbeddedStore.js'
import type { PgVectorStore } from './store/PgVectorStore.js'

const dims = 64
const MOUNT_MB = 128

/** A small tmpfs the test mounts (root only); `undefined` where mounting is not allowed. */
function mountSmallDisk(): string | undefined {
  if (process.getuid?.() !== 0) return undefined
  const dir = mkdtempSync(join(tmpdir(), 'am-disk-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${MOUNT_MB}m`, 'tmpfs', dir], { stdio: 'ignore' })
    return dir
  } catch {
    rmSync(dir, { recursive: true, force: true })
    return undefined
  }
}

const freeBytes = (dir: string) => {
  const stats = statfsSync(dir)
  return stats.bavail * stats.bsize
}

const memoryWrite = (id: string) => ({
  id,
  tier: 'semantic' as const,
  content: `${id} ${'the ferry left the harbour at dawn and the gulls followed it '.repeat(60)}`,
  fingerprint: id,
  embedding: Float32Array.from({ length: dims }, (_, i) => Math.sin(i + id.length)),
})

describe.skipIf(process.getuid?.() !== 0 && process.env.CI !== 'true')(
  'the embedded store on a disk that fills up during an ingest',
  { timeout: 300_000 },
  () => {
    let mounted: string | undefined
    beforeAll(() => {
      mounted = mountSmallDisk()
    })
    afterAll(() => {
      if (mounted === undefined) return
      execFileSync('umount', ['-l', mounted], { stdio: 'ignore' })
      rmSync(mounted, { recursive: true, force: true })
    })

    it('fails with a sentence naming the disk, loses nothing acknowledged, and opens again once space is back', async () => {
      // Under CI the test must run (as root, which can mount a tmpfs), never be skipped quietly.
      expect(mounted, 'mounting a tmpfs needs root').toBeDefined()
      const dataDir = join(mounted!, 'store')
      mkdirSync(dataDir)
      let store: PgVectorStore | undefined = await openEmbeddedStore({
        dataDir,
        dimensions: dims,
        model: 'disk-test',
        handleSignals: false,
      })
      // Leave a little more than the store keeps in hand: the ingest fills it.
      const ballast = join(mounted!, 'ballast')
      writeFileSync(
        ballast,
        Buffer.alloc(Math.max(0, freeBytes(mounted!) - DISK_RESERVE_BYTES - 6 * 1024 * 1024)),
      )
      const acknowledged: string[] = []
      let failure: unknown
      for (let batch = 0; batch < 400 && failure === undefined; batch++) {
        const writes = Array.from({ length: 20 }, (_, i) => memoryWrite(`m-${batch}-${i}`))
        try {
          await store.upsert('ada', writes)
          acknowledged.push(...writes.map((write) => write.id))
        } catch (error) {
          failure = error
        }
      }
      expect(failure, 'the disk never filled').toBeDefined()
      expect(StoreError.isInstance(failure) && failure.kind).toBe('resources')
      expect((failure as Error).message).toContain(`the disk holding ${dataDir} is full`)
      // The store that refused is still whole: it reads, and writes again once there is room.
      expect((await store.get('ada', acknowledged.at(-1)!))?.id).toBe(acknowledged.at(-1))
      expect(acknowledged.length).toBeGreaterThan(0)
      await store.close().catch(() => undefined)
      store = undefined

      rmSync(ballast)
      const reopened = await openEmbeddedStore({
        dataDir,
        dimensions: dims,
        model: 'disk-test',
        handleSignals: false,
      })
      try {
        const ids = new Set<string>()
        for (let offset = 0; ; offset += 500) {
          const page = await reopened.list('ada', { limit: 500, offset })
          for (const memory of page) ids.add(memory.id)
          if (page.length < 500) break
        }
        for (const id of acknowledged) expect(ids.has(id), id).toBe(true)
        // And it writes again.
        await reopened.upsert('ada', [memoryWrite('after-space-is-back')])
        expect((await reopened.get('ada', 'after-space-is-back'))?.id).toBe('after-space-is-back')
      } finally {
        await reopened.close()
      }
    })
  },
)
