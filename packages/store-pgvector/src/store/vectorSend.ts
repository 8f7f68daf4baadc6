import { endianness } from 'node:os'

const LITTLE_ENDIAN = endianness() === 'LE'

/**
 * pgvector's binary form of a vector (what `vector_recv` reads): int16 dimensions, int16 unused
 * (0), then the float4 values big-endian. Binary COPY writes it, and a query vector bound as a
 * Buffer travels in it (`vectorParam`).
 */
export function vectorSend(vector: Float32Array): Buffer {
  const out = Buffer.allocUnsafe(4 + 4 * vector.length)
  out.writeInt16BE(vector.length, 0)
  out.writeInt16BE(0, 2)
  if (LITTLE_ENDIAN) {
    // Copy the floats' bytes and swap them in place: far faster than one writeFloatBE per value.
    Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).copy(out, 4)
    out.subarray(4).swap32()
  } else {
    for (let i = 0; i < vector.length; i++) out.writeFloatBE(vector[i]!, 4 + 4 * i)
  }
  return out
}
