/** A JavaScript stack frame as V8 prints it (`    at fn (/path/file.js:12:3)` or `at /path/file.js:12:3`). */
const STACK_FRAME = /\bat (?:[^\s()]+ \()?(?:file:\/\/|node:|\/)[^\s()]*:\d+:\d+\)?/u

/**
 * What a reply sent to a local client must never hold: a stack frame or one of `secrets` (an API
 * key the process holds). Returns why the reply leaks, or `undefined`. The fuzz suites of every
 * local surface assert it on every answer.
 */
export function leakInReply(reply: string, secrets: readonly string[] = []): string | undefined {
  const frame = reply.match(STACK_FRAME)
  if (frame !== null) return `a stack frame: ${frame[0]}`
  for (const secret of secrets) if (secret !== '' && reply.includes(secret)) return 'a secret'
  return undefined
}
