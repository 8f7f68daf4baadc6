/** One operation's outcomes in one window of a soak. */
export interface SoakCell {
  /** Latencies (ms) of the calls that succeeded. */
  latencies: number[]
  /** Calls that threw (or answered an error) outside an injected fault. */
  errors: number
  /** Calls that threw while the embedder was made to fail, or answered degraded because of it. */
  injected: number
  /** The first few error messages, for the report. */
  messages: string[]
}

/**
 * Collects a soak's calls by operation (`op@path`) and window. A window is `windowMs` of wall
 * time from `start`; each call lands in the window it finished in.
 */
export class SoakRecorder {
  readonly cells = new Map<string, SoakCell[]>()

  constructor(
    private readonly start: number,
    private readonly windowMs: number,
    /** The last window: a call that ends after the soak's end counts in it. */
    private readonly lastWindow: number,
  ) {}

  /** The window a moment falls in (0-based). */
  windowOf(at: number): number {
    return Math.min(this.lastWindow, Math.max(0, Math.floor((at - this.start) / this.windowMs)))
  }

  private cell(key: string, window: number): SoakCell {
    let row = this.cells.get(key)
    if (row === undefined) {
      row = []
      this.cells.set(key, row)
    }
    while (row.length <= window) row.push({ latencies: [], errors: 0, injected: 0, messages: [] })
    return row[window]!
  }

  /** A call that succeeded; `degraded` when its answer shows the injected embedder fault. */
  ok(key: string, ms: number, at: number, degraded = false): void {
    const cell = this.cell(key, this.windowOf(at))
    cell.latencies.push(ms)
    if (degraded) cell.injected++
  }

  /** A call that failed; `injected` when the embedder was failing on purpose at the time. */
  failed(key: string, at: number, injected: boolean, message: string): void {
    const cell = this.cell(key, this.windowOf(at))
    if (injected) cell.injected++
    else cell.errors++
    if (cell.messages.length < 3) cell.messages.push(message.slice(0, 200))
  }
}
