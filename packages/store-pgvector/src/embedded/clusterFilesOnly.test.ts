import { describe, expect, it } from 'vitest'
import { clusterFilesOnly } from './clusterFilesOnly.js'

/** One ustar entry: a header (name, octal size, type, magic) and its data padded to 512 bytes. */
function entry(name: string, data = '', type = '0', magic = 'ustar'): Uint8Array {
  const body = new TextEncoder().encode(data)
  const block = new Uint8Array(512 + Math.ceil(body.length / 512) * 512)
  const put = (text: string, at: number) => block.set(new TextEncoder().encode(text), at)
  put(name, 0)
  put(`${body.length.toString(8).padStart(11, '0')}\0`, 124)
  put(type, 156)
  put(magic, 257)
  block.set(body, 512)
  return block
}

function tar(...entries: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(entries.reduce((sum, e) => sum + e.length, 0) + 1024)
  let at = 0
  for (const e of entries) {
    out.set(e, at)
    at += e.length
  }
  return out
}

function names(tarball: Uint8Array): string[] {
  const found: string[] = []
  for (let at = 0; at + 512 <= tarball.length; ) {
    const header = tarball.subarray(at, at + 512)
    if (header.every((b) => b === 0)) break
    found.push(new TextDecoder().decode(header.subarray(0, 100)).replace(/\0.*$/s, ''))
    const size = Number.parseInt(new TextDecoder().decode(header.subarray(124, 135)), 8)
    at += 512 + Math.ceil(size / 512) * 512
  }
  return found
}

describe('clusterFilesOnly', () => {
  it("keeps PostgreSQL's files and drops the store's lock, socket and anything else", () => {
    const kept = clusterFilesOnly(
      tar(
        entry('/PG_VERSION', '17\n'),
        entry('/agent-memory.lock', 'pid 1'),
        entry('/base', '', '5'),
        entry('/base/1/1259', 'x'.repeat(1300)),
        entry('/socket', '', '5'),
        entry('/socket/.s.PGSQL.5432.lock', '1'),
        entry('/notes.txt', 'mine'),
        entry('/pg_wal/000000010000000000000001', 'w'),
        entry('/postgresql.conf', 'shared_buffers = 128MB'),
      ),
    )
    expect(kept).toBeDefined()
    expect(names(kept!)).toEqual([
      '/PG_VERSION',
      '/base',
      '/base/1/1259',
      '/pg_wal/000000010000000000000001',
      '/postgresql.conf',
    ])
    // The data travels whole: the 1,300-byte file still spans its three blocks.
    expect(kept!.length).toBe(512 * 2 + 512 + 512 * 4 + 512 * 2 + 512 * 2 + 1024)
  })

  it.each([
    ['a long-name extension header', entry('/base/1/1259', 'x', 'x')],
    ['a symbolic link', entry('/pg_wal', '', '2')],
    ['a header that is not ustar', entry('/PG_VERSION', '17', '0', 'other')],
  ])('gives up on %s (a fresh store then runs initdb)', (_what, odd) => {
    expect(clusterFilesOnly(tar(entry('/PG_VERSION', '17'), odd))).toBeUndefined()
  })

  it('gives up on a tarball cut short', () => {
    const whole = tar(entry('/base/1/1259', 'x'.repeat(2000)))
    expect(clusterFilesOnly(whole.subarray(0, 1024))).toBeUndefined()
  })
})
