import { vectorSend } from './vectorSend.js'

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')
const POSTGRES_EPOCH_MS = 946_684_800_000
const FLUSH_BYTES = 1 << 20
const TEXT_OID = 25

/** A value for one column of a binary COPY row; `null` writes SQL NULL. */
export type CopyValue =
  | { type: 'text'; value: string | null }
  | { type: 'jsonb'; value: string | null }
  | { type: 'float8'; value: number | null }
  | { type: 'int4'; value: number | null }
  | { type: 'bool'; value: boolean | null }
  | { type: 'timestamptz'; value: Date | null }
  | { type: 'vector'; value: Float32Array | null }
  | { type: 'textArray'; value: readonly string[] | null }
  /** A value already in its binary send form (e.g. from `tsvectorsend`, `timestamptz_send`). */
  | { type: 'binary'; value: Uint8Array | null }

function encodeTextArray(values: readonly string[]): Buffer {
  // array_recv: ndim, has-nulls flag, element type oid, then per dimension (length, lower
  // bound 1), then each element length-prefixed. An empty array has no dimensions.
  const elements = values.map((value) => Buffer.from(value, 'utf8'))
  const header = values.length === 0 ? 12 : 20
  const out = Buffer.allocUnsafe(header + elements.reduce((sum, e) => sum + 4 + e.length, 0))
  out.writeInt32BE(values.length === 0 ? 0 : 1, 0)
  out.writeInt32BE(0, 4)
  out.writeInt32BE(TEXT_OID, 8)
  let at = 12
  if (values.length > 0) {
    out.writeInt32BE(values.length, 12)
    out.writeInt32BE(1, 16)
    at = 20
  }
  for (const element of elements) {
    out.writeInt32BE(element.length, at)
    element.copy(out, at + 4)
    at += 4 + element.length
  }
  return out
}

function encode(field: CopyValue): Buffer | null {
  if (field.value === null) return null
  switch (field.type) {
    case 'text':
      return Buffer.from(field.value, 'utf8')
    case 'jsonb': {
      // jsonb's binary form is a version byte (1) followed by the JSON text.
      const body = Buffer.from(field.value, 'utf8')
      return Buffer.concat([Buffer.of(1), body])
    }
    case 'float8': {
      const out = Buffer.allocUnsafe(8)
      out.writeDoubleBE(field.value)
      return out
    }
    case 'int4': {
      const out = Buffer.allocUnsafe(4)
      out.writeInt32BE(field.value)
      return out
    }
    case 'bool':
      return Buffer.of(field.value ? 1 : 0)
    case 'timestamptz': {
      const out = Buffer.allocUnsafe(8)
      out.writeBigInt64BE(BigInt(field.value.getTime() - POSTGRES_EPOCH_MS) * 1000n)
      return out
    }
    case 'vector':
      return vectorSend(field.value)
    case 'textArray':
      return encodeTextArray(field.value)
    case 'binary':
      // node-postgres hands bytea back as a Buffer, PGlite as a plain Uint8Array.
      return Buffer.isBuffer(field.value)
        ? field.value
        : Buffer.from(field.value.buffer, field.value.byteOffset, field.value.byteLength)
  }
}

/**
 * Encodes rows in PostgreSQL's binary COPY format (header, rows of length-prefixed fields,
 * trailer). Binary avoids printing and re-parsing every float: measured 10x+ faster than text.
 */
export class BinaryCopyWriter {
  readonly #chunks: Buffer[] = []
  #pending: Buffer[] = []
  #pendingBytes = 0

  constructor() {
    const header = Buffer.alloc(SIGNATURE.length + 8)
    SIGNATURE.copy(header, 0)
    this.#push(header)
  }

  #push(buffer: Buffer): void {
    this.#pending.push(buffer)
    this.#pendingBytes += buffer.length
    if (this.#pendingBytes >= FLUSH_BYTES) this.#flush()
  }

  #flush(): void {
    if (this.#pending.length === 0) return
    this.#chunks.push(Buffer.concat(this.#pending))
    this.#pending = []
    this.#pendingBytes = 0
  }

  addRow(fields: CopyValue[]): void {
    // One allocation per row: the field bodies are encoded first, then laid out behind their lengths.
    const bodies = fields.map(encode)
    let size = 2
    for (const body of bodies) size += 4 + (body === null ? 0 : body.length)
    const row = Buffer.allocUnsafe(size)
    row.writeInt16BE(fields.length, 0)
    let at = 2
    for (const body of bodies) {
      if (body === null) {
        row.writeInt32BE(-1, at)
        at += 4
        continue
      }
      row.writeInt32BE(body.length, at)
      body.copy(row, at + 4)
      at += 4 + body.length
    }
    this.#push(row)
  }

  /** The ~1 MiB pieces completed so far (each handed out once), for streaming while rows are added. */
  drain(): Buffer[] {
    return this.#chunks.splice(0)
  }

  /** The rest of the payload (all of it when `drain` was never called), trailer included, in ~1 MiB pieces. */
  finish(): Buffer[] {
    const trailer = Buffer.allocUnsafe(2)
    trailer.writeInt16BE(-1)
    this.#push(trailer)
    this.#flush()
    return this.#chunks
  }
}
