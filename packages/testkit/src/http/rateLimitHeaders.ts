/** The headers of a scripted 429, as providers send them: `retry-after` (seconds or a date) and `retry-after-ms`. */
export function rateLimitHeaders(fault: {
  retryAfterSeconds?: number
  retryAfterDate?: Date
  retryAfterMs?: number
}): Record<string, string> {
  const headers: Record<string, string> = {}
  if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds)
  if (fault.retryAfterDate !== undefined) headers['retry-after'] = fault.retryAfterDate.toUTCString()
  if (fault.retryAfterMs !== undefined) headers['retry-after-ms'] = String(fault.retryAfterMs)
  return headers
}
