import { endianness } from 'node:os'

/** One field of a binary COPY row: raw bytes, or null for SQL NULL. */
export type CopyField = Buffer | null

const LITTLE_ENDIAN = endianness() === 'LE'
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')

/**
 * Encodes PostgreSQL's binary COPY format (header, length-prefixed fields, trailer) with
 * helpers for the field types the benchmarks write. This is the raw ceiling every bulk path is
 * compared with, so it does nothing but encode.
 */
export const CopyBinaryWriter = {
  header(): Buffer {
    const header = Buffer.alloc(SIGNATURE.length + 8)
    SIGNATURE.copy(header, 0)
    return header
  },

  trailer(): Buffer {
    const trailer = Buffer.alloc(2)
    trailer.writeInt16BE(-1, 0)
    return trailer
  },

  row(fields: readonly CopyField[]): Buffer {
    let size = 2
    for (const field of fields) size += 4 + (field ? field.length : 0)
    const out = Buffer.allocUnsafe(size)
    out.writeInt16BE(fields.length, 0)
    let at = 2
    for (const field of fields) {
      if (field === null) {
        out.writeInt32BE(-1, at)
        at += 4
        continue
      }
      out.writeInt32BE(field.length, at)
      at += 4
      field.copy(out, at)
      at += field.length
    }
    return out
  },

  text(value: string): Buffer {
    return Buffer.from(value, 'utf8')
  },

  int8(value: number): Buffer {
    const out = Buffer.allocUnsafe(8)
    out.writeBigInt64BE(BigInt(value), 0)
    return out
  },

  /** pgvector's `vector_recv` layout: int16 dimensions, int16 zero, float4 big-endian values. */
  vector(values: Float32Array): Buffer {
    const out = Buffer.allocUnsafe(4 + 4 * values.length)
    out.writeInt16BE(values.length, 0)
    out.writeInt16BE(0, 2)
    if (LITTLE_ENDIAN) {
      // Copy the floats' bytes and swap them in place: far faster than one writeFloatBE per value.
      Buffer.from(values.buffer, values.byteOffset, values.byteLength).copy(out, 4)
      out.subarray(4).swap32()
    } else {
      for (let i = 0; i < values.length; i++) out.writeFloatBE(values[i]!, 4 + 4 * i)
    }
    return out
  },
}
