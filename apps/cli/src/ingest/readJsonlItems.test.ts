import { execFileSync } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readJsonlItems } from './readJsonlItems.js'

describe('readJsonlItems', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agent-memory-jsonl-'))
  })
  afterAll(async () => rm(dir, { recursive: true, force: true }))

  it('streams: yields a line while the rest of the file is still being written', async () => {
    // A FIFO has no end until the writer closes it: reading it whole would wait forever.
    const fifo = path.join(dir, 'stream.jsonl')
    execFileSync('mkfifo', [fifo])
    const lines = readJsonlItems(fifo)[Symbol.asyncIterator]()
    const writer = createWriteStream(fifo)
    writer.write(`${JSON.stringify({ content: 'first line' })}\n\n`)
    const first = await lines.next()
    expect(first.value).toMatchObject({ line: 1, item: { input: { content: 'first line' } } })
    writer.end('not json\n')
    const second = await lines.next()
    expect(second.value).toEqual({ line: 3, problem: `${fifo}:3: not valid JSON` })
    expect((await lines.next()).done).toBe(true)
  })
})
