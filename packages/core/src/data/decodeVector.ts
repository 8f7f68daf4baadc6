/** The inverse of `encodeVector`: `null` when the text is not a whole number of float32 values. */
export function decodeVector(text: string): Float32Array | null {
  const bytes = Buffer.from(text, 'base64')
  if (bytes.length === 0 || bytes.length % 4 !== 0) return null
  const copy = new Uint8Array(bytes.length)
  copy.set(bytes)
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) Buffer.from(copy.buffer).swap32()
  const vector = new Float32Array(copy.buffer)
  for (const value of vector) if (!Number.isFinite(value)) return null
  return vector
}
