import type { CliIo } from '../cli/CliIo.js'

export interface ProgressReporterOptions {
  io: CliIo
  /** What is being done, e.g. `ingest`. */
  label: string
  /** What is counted, plural, e.g. `files`. */
  unit: string
  total: number
  /** Milliseconds clock; injectable for tests. */
  now?: () => number
  /** Minimum milliseconds between two plain (non-terminal) lines. */
  lineIntervalMs?: number
}

export interface ProgressReporter {
  /** Counts `count` more units done; `skipped` of them were unchanged. */
  advance(count?: number, detail?: { skipped?: number }): void
  /** What is being worked on inside the current unit (`big.jsonl line 12,000`), shown after the counts. */
  note(text: string): void
  /** Clears the bar (on a terminal) and prints the final line. */
  finish(summary: string): void
  readonly done: number
  readonly skipped: number
}

function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?'
  if (seconds < 60) return `${Math.ceil(seconds)}s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`
}

/**
 * On a terminal: one bar redrawn in place on stderr (counts, rate, time remaining). Elsewhere
 * (CI logs, pipes): a plain line at most every `lineIntervalMs`, so logs stay readable.
 */
export function createProgressReporter(options: ProgressReporterOptions): ProgressReporter {
  const { io, label, unit, total } = options
  const now = options.now ?? Date.now
  const lineIntervalMs = options.lineIntervalMs ?? 1000
  const started = now()
  let done = 0
  let skipped = 0
  let lastDraw = Number.NEGATIVE_INFINITY
  let barVisible = false
  let noteText = ''

  const status = (): string => {
    const elapsed = Math.max((now() - started) / 1000, 1e-3)
    const rate = done / elapsed
    const remaining = rate > 0 ? (total - done) / rate : Number.POSITIVE_INFINITY
    const skippedText = skipped > 0 ? `, ${skipped} unchanged` : ''
    const rateText = `${rate >= 10 ? rate.toFixed(0) : rate.toFixed(1)} ${unit}/s`
    const eta = done >= total ? '' : `, ~${formatDuration(remaining)} left`
    return `${done}/${total} ${unit}${skippedText}, ${rateText}${eta}${noteText === '' ? '' : ` · ${noteText}`}`
  }

  const draw = (force: boolean) => {
    const t = now()
    if (io.stderrIsTTY) {
      if (!force && t - lastDraw < 80) return
      const text = status()
      const width = Math.max(10, Math.min(30, io.columns - text.length - label.length - 6))
      const filled = total === 0 ? width : Math.round((done / total) * width)
      const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`
      io.err(`\r\x1b[2K${label} ${bar} ${text}`)
      barVisible = true
    } else {
      if (!force && t - lastDraw < lineIntervalMs) return
      io.err(`${label}: ${status()}\n`)
    }
    lastDraw = t
  }

  return {
    advance(count = 1, detail = {}) {
      done += count
      skipped += detail.skipped ?? 0
      noteText = ''
      draw(false)
    },
    note(text) {
      noteText = text
      draw(false)
    },
    finish(summary) {
      if (barVisible) io.err('\r\x1b[2K')
      io.err(`${label}: ${summary}\n`)
    },
    get done() {
      return done
    },
    get skipped() {
      return skipped
    },
  }
}
