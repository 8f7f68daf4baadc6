/** The distinct lower-cased words of a text (letters and digits of any script), for near-duplicate tests. */
export function wordSet(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
}
