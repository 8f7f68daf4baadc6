/**
 * How long the server asked us to wait, in ms, from `retry-after-ms` (OpenAI) or `Retry-After`
 * (seconds or an HTTP date, RFC 9110 §10.2.3). Undefined when absent or unparsable; a date in the
 * past gives 0.
 */
export function parseRetryAfter(headers: Headers, nowMs: number): number | undefined {
  const ms = headers.get('retry-after-ms')
  if (ms !== null && ms.trim() !== '') {
    const value = Number(ms)
    if (Number.isFinite(value) && value >= 0) return value
  }
  const retryAfter = headers.get('retry-after')?.trim()
  if (retryAfter === undefined || retryAfter === '') return undefined
  if (/^\d+(\.\d+)?$/.test(retryAfter)) return Number(retryAfter) * 1000
  const date = Date.parse(retryAfter)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - nowMs)
}
