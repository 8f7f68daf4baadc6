/** The open option for a parsed `--sweep-interval` in seconds (nothing when it was not given). */
export function sweepIntervalOption(seconds: number | undefined): { sweepIntervalMs?: number } {
  return seconds === undefined ? {} : { sweepIntervalMs: seconds * 1000 }
}
