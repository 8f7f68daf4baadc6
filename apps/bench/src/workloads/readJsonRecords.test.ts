import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readJsonRecords } from './readJsonRecords.js'

describe('readJsonRecords', () => {
  let dir: string
  let file: string
  const count = 5000
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'read-json-records-'))
    file = join(dir, 'export.jsonl')
    const lines = [JSON.stringify({ type: 'header' })]
    for (let i = 0; i < count; i += 1) lines.push(JSON.stringify({ type: 'memory', i, text: 'x'.repeat(40) }))
    await writeFile(file, `${lines.join('\n')}\n\n`)
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('yields every line, header first, when its consumer awaits before reading', {
    timeout: 10_000,
  }, async () => {
    const records = readJsonRecords(file)
    // What importRecords does on PostgreSQL before its first read: a round trip to the server.
    await sleep(50)
    const seen: unknown[] = []
    for await (const record of records) seen.push(record)
    expect(seen).toHaveLength(count + 1)
    expect(seen[0]).toEqual({ type: 'header' })
    expect(seen[count]).toMatchObject({ type: 'memory', i: count - 1 })
  })
})
