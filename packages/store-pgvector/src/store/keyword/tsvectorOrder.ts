/**
 * The order a `tsvector` keeps its lexemes in (`tsCompareString`): their UTF-8 bytes compared
 * bytewise, a prefix first. JavaScript's own string order compares UTF-16 units, which differs
 * above the Basic Multilingual Plane.
 */
export function tsvectorOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
}
