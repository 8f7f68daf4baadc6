/** Code-unit order: the tie-break every ranking in recall uses (stable across locales). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
