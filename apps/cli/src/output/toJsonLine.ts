/** Pretty JSON plus a newline; dates become ISO strings, vectors are never part of a Memory. */
export function toJsonLine(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`
}
