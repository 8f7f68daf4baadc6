import { describe, expect, it } from 'vitest'
import { BinaryCopyWriter } from './BinaryCopyWriter.js'
import { vectorSend } from './vectorSend.js'

/** Reads a binary COPY payload back: the rows' fields as raw bytes (null for SQL NULL). */
function readCopy(payload: Buffer): Array<Array<Buffer | null>> {
  expect(payload.subarray(0, 11).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0')
  let at = 19
  const rows: Array<Array<Buffer | null>> = []
  for (;;) {
    const count = payload.readInt16BE(at)
    at += 2
    if (count === -1) break
    const row: Array<Buffer | null> = []
    for (let f = 0; f < count; f++) {
      const length = payload.readInt32BE(at)
      at += 4
      row.push(length === -1 ? null : payload.subarray(at, at + length))
      if (length > 0) at += length
    }
    rows.push(row)
  }
  expect(at).toBe(payload.length)
  return rows
}

describe('BinaryCopyWriter', () => {
  it('lays rows across ~1 MiB pieces, vectors in pgvector send form, streamed or not', () => {
    const vectors = Array.from({ length: 300 }, (_, r) =>
      Float32Array.from({ length: 1536 }, (_, i) => Math.sin(r * 7 + i) * (i % 5 === 0 ? -1e30 : 1)),
    )
    const write = (streamed: boolean) => {
      const writer = new BinaryCopyWriter()
      const pieces: Buffer[] = []
      vectors.forEach((vector, r) => {
        writer.addRow([
          { type: 'text', value: `id-${r}` },
          { type: 'int4', value: r },
          { type: 'vector', value: vector },
          { type: 'text', value: null },
          { type: 'vector', value: r % 2 === 0 ? null : vector },
        ])
        if (streamed) pieces.push(...writer.drain())
      })
      pieces.push(...writer.finish())
      return pieces
    }
    const streamed = write(true)
    expect(streamed.length).toBeGreaterThan(1)
    for (const piece of streamed.slice(0, -1)) expect(piece.length).toBeLessThanOrEqual(1 << 20)
    const whole = Buffer.concat(streamed)
    expect(Buffer.concat(write(false)).equals(whole)).toBe(true)
    const rows = readCopy(whole)
    expect(rows).toHaveLength(vectors.length)
    rows.forEach((row, r) => {
      expect(row[0]!.toString('utf8')).toBe(`id-${r}`)
      expect(row[1]!.readInt32BE(0)).toBe(r)
      expect(row[2]!.equals(vectorSend(vectors[r]!))).toBe(true)
      expect(row[3]).toBeNull()
      if (r % 2 === 0) expect(row[4]).toBeNull()
      else expect(row[4]!.equals(vectorSend(vectors[r]!))).toBe(true)
    })
  })

  it('writes a row larger than a piece whole, and an empty payload as header and trailer', () => {
    const text = 'x'.repeat(1_500_000)
    const vector = new Float32Array(16_000).fill(0.5)
    const writer = new BinaryCopyWriter()
    writer.addRow([{ type: 'int4', value: 1 }])
    writer.addRow([
      { type: 'text', value: text },
      { type: 'vector', value: vector },
    ])
    const rows = readCopy(Buffer.concat(writer.finish()))
    expect(rows).toHaveLength(2)
    expect(rows[1]![0]!.toString('utf8')).toBe(text)
    expect(rows[1]![1]!.equals(vectorSend(vector))).toBe(true)
    expect(readCopy(Buffer.concat(new BinaryCopyWriter().finish()))).toEqual([])
  })
})
