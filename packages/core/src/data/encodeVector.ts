/** A float32 vector as the base64 of its little-endian bytes (the export format's vectors). */
export function encodeVector(vector: Float32Array): string {
  const bytes = Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength)
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] === 1) return bytes.toString('base64')
  const copy = Buffer.from(bytes)
  copy.swap32()
  return copy.toString('base64')
}
