import { describe, expect, it } from 'vitest'
import type { CliIo } from '../cli/CliIo.js'
import { createProgressReporter } from './createProgressReporter.js'

function recordingIo(tty: boolean): CliIo & { written: string[] } {
  const written: string[] = []
  return { written, out: () => undefined, err: (text) => written.push(text), stderrIsTTY: tty, columns: 100 }
}

describe('createProgressReporter', () => {
  it('prints plain lines, at most one per interval, off a terminal', () => {
    let now = 0
    const io = recordingIo(false)
    const progress = createProgressReporter({
      io,
      label: 'ingest',
      unit: 'files',
      total: 4,
      now: () => now,
      lineIntervalMs: 1000,
    })
    now = 500
    progress.advance(1)
    now = 900
    progress.advance(1, { skipped: 1 })
    now = 2000
    progress.advance(1)
    progress.finish('done')
    expect(io.written).toEqual([
      'ingest: 1/4 files, 2.0 files/s, ~2s left\n',
      'ingest: 3/4 files, 1 unchanged, 1.5 files/s, ~1s left\n',
      'ingest: done\n',
    ])
    expect(progress.done).toBe(3)
    expect(progress.skipped).toBe(1)
  })

  it('redraws one bar in place on a terminal and clears it at the end', () => {
    let now = 0
    const io = recordingIo(true)
    const progress = createProgressReporter({
      io,
      label: 'reembed',
      unit: 'memories',
      total: 2,
      now: () => now,
    })
    now = 1000
    progress.advance(1)
    now = 2000
    progress.advance(1)
    progress.finish('done')
    expect(io.written).toHaveLength(4)
    expect(io.written[0]).toMatch(/^\r\x1b\[2Kreembed █+░+ 1\/2 memories, 1\.0 memories\/s, ~1s left$/)
    expect(io.written[1]).toMatch(/^\r\x1b\[2Kreembed █+ 2\/2 memories/)
    expect(io.written[1]).not.toContain('\n')
    expect(io.written.slice(2)).toEqual(['\r\x1b[2K', 'reembed: done\n'])
  })
})
