/**
 * Makes text safe to store and compare: well-formed Unicode (lone surrogates become U+FFFD),
 * NUL removed (Postgres text cannot hold it), NFC so visually equal strings compare equal,
 * CRLF → LF.
 */
export function normalizeText(text: string): string {
  return text
    .toWellFormed()
    .replace(/\u0000/g, '')
    .replace(/\r\n?/g, '\n')
    .normalize('NFC')
}
