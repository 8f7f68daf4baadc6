import { describe, expect, it } from 'vitest'
import { checkNodeVersion } from './checkNodeVersion.js'
import { judgeAutovacuum } from './judgeAutovacuum.js'
import { judgeMigrations } from './judgeMigrations.js'
import { judgePgvector } from './judgePgvector.js'
import { judgeRecordedEmbedder } from './judgeRecordedEmbedder.js'
import { judgeSharedBuffers } from './judgeSharedBuffers.js'

const MB = 1024 * 1024

describe('the doctor’s judgements', () => {
  it('accepts Node 20.19 and newer, refuses older ones with the fix', () => {
    for (const version of ['20.19.0', '20.20.2', '22.0.0', '24.11.1']) {
      expect(checkNodeVersion(version).status).toBe('ok')
    }
    for (const version of ['18.20.4', '20.18.3', '19.9.0']) {
      const check = checkNodeVersion(version)
      expect(check).toMatchObject({ status: 'fail', detail: `Node ${version} is older than 20.19` })
      expect(check.fix).toMatch(/20\.19 or newer/)
    }
  })

  it('fails a 128 MB buffer pool under a larger table, names the sizes and the fix', () => {
    // PostgreSQL's default pool beside the 979 MB of table and indexes W10 builds at 100,000 rows.
    const small = judgeSharedBuffers({ sharedBuffersBytes: 128 * MB, storeBytes: 979 * MB })
    expect(small.status).toBe('fail')
    expect(small.detail).toContain("shared_buffers 128.0 MB is smaller than the store's 979.0 MB")
    expect(small.fix).toMatch(/raise shared_buffers .*scripts\/tune-postgres\.sh/)
    expect(judgeSharedBuffers({ sharedBuffersBytes: 6144 * MB, storeBytes: 979 * MB }).status).toBe('ok')
    expect(judgeSharedBuffers({ sharedBuffersBytes: 128 * MB, storeBytes: 128 * MB }).status).toBe('ok')
  })

  it('fails a server or a table without autovacuum, naming each and its fix', () => {
    expect(judgeAutovacuum({ server: true, trackCounts: true, disabledTables: [] })).toMatchObject({
      name: 'autovacuum',
      status: 'ok',
    })
    const server = judgeAutovacuum({ server: false, trackCounts: true, disabledTables: [] })
    expect(server.status).toBe('fail')
    expect(server.detail).toMatch(/^autovacuum is off on the server: every search rewrites/)
    expect(server.fix).toMatch(/^set autovacuum = on and track_counts = on .*VACUUM on the store’s tables/)
    expect(server.fix).not.toContain('RESET')
    const table = judgeAutovacuum({ server: true, trackCounts: false, disabledTables: ['memories_p0'] })
    expect(table.detail).toMatch(
      /^track_counts is off on the server \(autovacuum needs it\); autovacuum_enabled = false on memories_p0: /,
    )
    expect(table.fix).toContain('ALTER TABLE … RESET (autovacuum_enabled) on memories_p0')
    const onlyTable = judgeAutovacuum({ server: true, trackCounts: true, disabledTables: ['memories'] })
    expect(onlyTable.fix).toMatch(/^run ALTER TABLE … RESET \(autovacuum_enabled\) on memories; /)
  })

  it('tells a missing extension from a server without pgvector and from an old one', () => {
    expect(judgePgvector('0.8.0', '0.8.0')).toMatchObject({ status: 'ok', detail: 'pgvector 0.8.0' })
    expect(judgePgvector('0.8.1', null).status).toBe('ok')
    expect(judgePgvector(null, '0.8.0')).toMatchObject({
      status: 'fail',
      detail: 'the vector extension is not created in this database (the server has pgvector 0.8.0)',
    })
    expect(judgePgvector(null, '0.8.0').fix).toMatch(/agent-memory init.*CREATE EXTENSION vector/)
    expect(judgePgvector(null, null).fix).toMatch(/install pgvector 0\.8 or newer on the server/)
    const old = judgePgvector('0.7.4', '0.8.0')
    expect(old.status).toBe('fail')
    expect(old.fix).toBe('run ALTER EXTENSION vector UPDATE in this database (the server has 0.8.0)')
    expect(judgePgvector('0.7.4', '0.7.4').fix).toMatch(/upgrade pgvector on the server/)
  })

  it('counts the migrations not applied, and sends a database without tables to init', () => {
    expect(judgeMigrations([1, 2, 3], [1, 2, 3])).toMatchObject({
      status: 'ok',
      detail: 'all 3 migrations applied',
    })
    expect(judgeMigrations([1, 2], [1, 2, 3])).toMatchObject({
      status: 'fail',
      detail: '1 of 3 migrations not applied',
    })
    expect(judgeMigrations(null, [1, 2, 3]).fix).toMatch(/agent-memory init/)
  })

  it('compares the recorded embedder with the configured one', () => {
    const small = { model: 'openai/text-embedding-3-small', dimensions: 1536 }
    expect(judgeRecordedEmbedder(small, small).status).toBe('ok')
    expect(judgeRecordedEmbedder(null, small).status).toBe('ok')
    expect(judgeRecordedEmbedder({ model: null, dimensions: 1536 }, small).status).toBe('ok')
    const other = judgeRecordedEmbedder({ model: 'agent-memory/hashing-v1', dimensions: 512 }, small)
    expect(other).toMatchObject({
      status: 'fail',
      detail:
        'the store records agent-memory/hashing-v1 (512 dimensions) but this configuration embeds with ' +
        'openai/text-embedding-3-small (1536 dimensions): searches and writes are refused',
    })
    expect(other.fix).toMatch(/agent-memory reembed/)
    expect(
      judgeRecordedEmbedder({ model: 'a', dimensions: 1536 }, { model: 'b', dimensions: 1536 }).status,
    ).toBe('fail')
  })
})
