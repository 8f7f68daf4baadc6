import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEmbeddedStore } from './openEmbeddedStore.js'

const child = fileURLToPath(new URL('../__fixtures__/claimAndHang.mjs', import.meta.url))

describe('a repair killed on the embedded store', () => {
  let dataDir: string
  beforeAll(() => {
    if (!existsSync(fileURLToPath(new URL('../../dist/index.js', import.meta.url)))) {
      throw new Error('build the package first (npx tsc -p tsconfig.build.json): this test spawns dist/')
    }
    dataDir = mkdtempSync(join(tmpdir(), 'am-leases-'))
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('leaves no row leased: the next open clears the dead process leases and a rerun repairs everything', async () => {
    const store = await openEmbeddedStore({
      dataDir,
      model: 'lease-test',
      dimensions: 4,
      handleSignals: false,
    })
    await store.upsert(
      'ns',
      ['a', 'b', 'c'].map((id) => ({
        id,
        tier: 'semantic' as const,
        content: id,
        fingerprint: id,
        embedding: null,
      })),
    )
    expect(await store.repairStats('ns')).toEqual({ pending: 3, leased: 0, failed: 0 })
    await store.close()

    const repair = spawn(process.execPath, [child, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] })
    const claimed = await new Promise<string>((resolve, reject) => {
      let out = ''
      repair.stdout!.on('data', (data: Buffer) => {
        out += data.toString()
        if (out.includes('\n')) resolve(out.trim())
      })
      repair.on('exit', (code) => reject(new Error(`the repair child exited (${code}) early`)))
    })
    expect(claimed).toBe('claimed 3')
    repair.kill('SIGKILL')
    await new Promise((resolve) => repair.on('exit', resolve))

    const reopened = await openEmbeddedStore({
      dataDir,
      model: 'lease-test',
      dimensions: 4,
      handleSignals: false,
    })
    try {
      expect(await reopened.repairStats('ns')).toEqual({ pending: 3, leased: 0, failed: 0 })
      const rerun = await reopened.claimPending({ limit: 100, leaseMs: 600_000 })
      expect(rerun.map((row) => row.id).sort()).toEqual(['a', 'b', 'c'])
      for (const row of rerun) {
        expect(
          await reopened.completeRepair('ns', row.id, row.fingerprint, Float32Array.from([1, 0, 0, 0])),
        ).toBe(true)
      }
      expect(await reopened.repairStats('ns')).toEqual({ pending: 0, leased: 0, failed: 0 })
      expect((await reopened.list('ns')).map((m) => m.id).sort()).toEqual(['a', 'b', 'c'])
    } finally {
      await reopened.close()
    }
  })

  it('an open without upkeep (a brief read) leaves the leases to the next open that keeps it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'am-upkeep-'))
    const open = (upkeepOnOpen?: boolean) =>
      openEmbeddedStore({
        dataDir: dir,
        model: 'lease-test',
        dimensions: 4,
        handleSignals: false,
        ...(upkeepOnOpen === undefined ? {} : { upkeepOnOpen }),
      })
    try {
      const store = await open()
      await store.upsert('ns', [
        { id: 'a', tier: 'semantic' as const, content: 'a', fingerprint: 'a', embedding: null },
        {
          id: 'b',
          tier: 'semantic' as const,
          content: 'b',
          fingerprint: 'b',
          embedding: Float32Array.from([1, 0, 0, 0]),
        },
      ])
      expect(await store.claimPending({ limit: 100, leaseMs: 600_000 })).toHaveLength(1)
      // Closed with its claim unreleased, as a killed repair leaves it.
      await store.close()

      const brief = await open(false)
      try {
        expect(await brief.repairStats('ns')).toEqual({ pending: 1, leased: 1, failed: 0 })
        const hits = await brief.searchVector('ns', Float32Array.from([1, 0, 0, 0]), { limit: 5 })
        expect(hits.map((hit) => hit.memory.id)).toEqual(['b'])
      } finally {
        await brief.close()
      }

      const kept = await open()
      try {
        expect(await kept.repairStats('ns')).toEqual({ pending: 1, leased: 0, failed: 0 })
      } finally {
        await kept.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
