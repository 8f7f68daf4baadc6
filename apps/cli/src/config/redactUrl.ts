/**
 * A database URL safe to print: the password (if any) becomes `***`, query parameters that may
 * carry credentials (`password`, `sslkey`...) are dropped. Unparseable input is reduced to its
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
  if (parsed.password !== '') parsed.password = '***'
  for (const key of [...parsed.searchParams.keys()]) {
    if (/pass|secret|key|token/i.test(key)) parsed.searchParams.set(key, '***')
  }
  return parsed.toString()
}
