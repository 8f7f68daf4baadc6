import { REDACTED, redactSecrets } from '@agent-memory/core'

/**
 * A function that removes `secret` verbatim (and in its URL-encoded and base64 forms), then
 * anything else that looks like a credential, from text that may end up in an error.
 * Pattern-based redaction alone misses a key of an unusual shape; this does not.
 */
export function createSecretScrubber(secret: string | undefined): (text: string) => string {
  const forms =
    secret === undefined || secret.length < 4
      ? []
      : [...new Set([secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64')])]
  return (text: string) => {
    let out = text
    for (const form of forms) out = out.split(form).join(REDACTED)
    return redactSecrets(out)
  }
}
