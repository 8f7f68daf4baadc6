import { open } from 'node:fs/promises'
import { BINARY_SAMPLE_BYTES } from './looksBinary.js'

/** The first `BINARY_SAMPLE_BYTES` of a file, without reading the rest. */
export async function readFileStart(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r')
  try {
    const buffer = new Uint8Array(BINARY_SAMPLE_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}
