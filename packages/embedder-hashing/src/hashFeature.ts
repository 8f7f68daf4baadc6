/**
 * FNV-1a (32-bit) over the UTF-16 code units of `text[start, end)`, continued from `seed`, then
 * murmur3's finalizer so every output bit depends on every input bit (plain FNV-1a has weak low
 * bits, and we take both a bucket and a sign from the result). Hashing a slice avoids allocating
 * one substring per character n-gram.
 */
export function hashFeature(seed: number, text: string, start = 0, end = text.length): number {
  let h = seed >>> 0
  for (let i = start; i < end; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}
