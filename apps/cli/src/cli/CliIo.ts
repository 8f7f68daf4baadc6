/**
 * Where a command writes. Results go to `out` (stdout: what scripts and `--json` read); progress,
 * notices and errors go to `err` (stderr), so stdout stays parseable and, for `mcp`, pure protocol.
 */
export interface CliIo {
  out(text: string): void
  err(text: string): void
  /** Whether stderr is a terminal (progress bars redraw in place only there). */
  readonly stderrIsTTY: boolean
  /** Terminal width for progress bars. */
  readonly columns: number
  /**
   * Resolves once stdout has taken what was written (a slow reader of a pipe holds a long
   * stream back here, so the writer's memory stays bounded). Absent: nothing to wait for.
   */
  outDrained?(): Promise<void>
}
