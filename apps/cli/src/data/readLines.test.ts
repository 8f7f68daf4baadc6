import { describe, expect, it } from 'vitest'
import { readLines } from './readLines.js'

async function lines(chunks: string[]) {
  const out = []
  for await (const line of readLines(
    (async function* () {
      yield* chunks
    })(),
  ))
    out.push(line)
  return out
}

describe('readLines', () => {
  it('numbers lines split across chunks, strips CR, and marks a last line without a newline', async () => {
    expect(await lines(['{"a":', '1}\r\n\n{"b"', ':2}\n{"c":'])).toEqual([
      { line: 1, text: '{"a":1}', complete: true },
      { line: 2, text: '', complete: true },
      { line: 3, text: '{"b":2}', complete: true },
      { line: 4, text: '{"c":', complete: false },
    ])
  })

  it('ends cleanly on a final newline', async () => {
    expect(await lines(['x\n', 'y\n'])).toEqual([
      { line: 1, text: 'x', complete: true },
      { line: 2, text: 'y', complete: true },
    ])
  })
})
