/** What a redacted secret is replaced with. */
export const REDACTED = '[REDACTED]'

// memini's rule set (research/memini.md §5.1): each pattern matches a credential shape, not a word.
const RULES: readonly RegExp[] = [
  /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}\b/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}\b/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g,
  /\bsk-[A-Za-z0-9_-]{16,}\b/g,
  // Exact length, so the end is a lookahead: `\b` fails after a final '-' and would let the key through.
  /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g,
]
// Keep the label, hide the value: "password=hunter2" → "password=[REDACTED]". After the keyword
// only a `_`/`-` suffix may follow ("secret_key", "token-v2"), so prose such as "secretary: Ann" or
// "max_tokens: 256" is left alone.
const LABELLED =
  /\b([A-Za-z0-9_-]*(?:secret|password|passwd|pwd|token|api[_-]?key|apikey|access[_-]?key)(?:[_-][A-Za-z0-9_-]*)?)(\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;]+)/gi
// A bearer token has a digit or is long; "Bearer authentication" in prose is not one.
const BEARER = /\b(Bearer)\s+(?:(?=[A-Za-z._~+/=-]*[0-9])[A-Za-z0-9._~+/=-]{8,}|[A-Za-z0-9._~+/=-]{20,})/gi
// Only the password part of URL userinfo: postgres://user:pw@host → postgres://user:[REDACTED]@host.
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)([^\s@/]+)(@)/gi

/**
 * Replaces anything that looks like a credential with `[REDACTED]`. Applied to memory content
 * before it is embedded or stored, and to every error message.
 */
export function redactSecrets(text: string): string {
  let out = text
  for (const rule of RULES) out = out.replace(rule, REDACTED)
  out = out.replace(BEARER, `$1 ${REDACTED}`)
  out = out.replace(URL_PASSWORD, `$1${REDACTED}$3`)
  out = out.replace(LABELLED, (_m, label: string, sep: string) => `${label}${sep}${REDACTED}`)
  return out
}
