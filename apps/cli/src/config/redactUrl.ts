import { REDACTED } from '@agent-memory/core'

// The URL setters percent-encode brackets, so a plain marker goes in and the shared one replaces it.
const MARKER = 'AGENTMEMORYREDACTED'

/**
 * A database URL safe to print: the password (if any) becomes `[REDACTED]` (the marker every
 * redaction in agent-memory uses), and so do query parameters that may carry credentials
 * (`password`, `sslkey`...). Unparseable input is reduced to its
 * scheme so that nothing secret can leak through a malformed string.
 */
export function redactUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]
    return scheme === undefined ? '<unparseable database URL>' : `${scheme}://<unparseable>`
  }
  // Without a host the string is not a database URL; whatever follows the scheme could be secret.
  if (parsed.host === '') return `${parsed.protocol}//<unparseable>`
  if (parsed.password !== '') parsed.password = MARKER
  for (const key of [...parsed.searchParams.keys()]) {
    if (/pass|secret|key|token/i.test(key)) parsed.searchParams.set(key, MARKER)
  }
  return parsed.toString().replaceAll(MARKER, REDACTED)
}
