import { endianness } from 'node:os'

const LITTLE_ENDIAN = endianness() === 'LE'

/**
 * A vector from pgvector's binary send format (`vector_send`: int16 dimensions, int16 unused,
 * then big-endian float4s), given base64-encoded: PGlite decodes a bytea result byte by byte
 * (~10x slower than the whole query), while base64 text comes through as a plain string.
 */
export function decodeVectorSend(base64: string): Float32Array {
  const bytes = Buffer.from(base64, 'base64')
  const dimensions = bytes.readInt16BE(0)
  const floats = bytes.subarray(4, 4 + dimensions * 4)
  // Big-endian on the wire; a Float32Array reads the platform's order.
  if (LITTLE_ENDIAN) floats.swap32()
  return new Float32Array(floats.buffer.slice(floats.byteOffset, floats.byteOffset + dimensions * 4))
}
