/**
 * The call's own deadline: its configured one, shortened to end a little before the caller stops
 * waiting (`EmbedOptions.timeoutMs`), so the caller hears the real failure and not its own timer.
 */
export function withinCallerWait(deadlineMs: number, callerWaitMs: number | undefined): number {
  if (callerWaitMs === undefined || !Number.isFinite(callerWaitMs) || callerWaitMs <= 0) return deadlineMs
  const margin = Math.min(500, callerWaitMs / 10)
  return Math.min(deadlineMs, Math.max(1, callerWaitMs - margin))
}
