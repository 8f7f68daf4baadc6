import { isClusterFile } from './isClusterFile.js'

const BLOCK = 512
const decoder = new TextDecoder()

function field(header: Uint8Array, start: number, end: number): string {
  const bytes = header.subarray(start, end)
  const nul = bytes.indexOf(0)
  return decoder.decode(nul < 0 ? bytes : bytes.subarray(0, nul))
}

/**
 * The entries of a data directory's tarball (`PGlite.dumpDataDir('none')`, plain ustar) that belong
 * to the cluster: a directory's dump also holds the store's own lock file, which a copy must never
 * carry into another directory. Undefined for anything but plain files and directories in ustar
 * headers (no long-name extensions, links or devices), or for one cut short of its end marker:
 * then there is no copy, only another initdb.
 * A tarball that holds the cluster's files alone comes back as it is (the same array, not a copy):
 * a 40 MB cluster is not copied to learn that nothing had to go.
 */
export function clusterFilesOnly(tarball: Uint8Array): Uint8Array | undefined {
  const kept: Uint8Array[] = []
  let dropped = false
  let ended = false
  let offset = 0
  while (offset + BLOCK <= tarball.length) {
    const header = tarball.subarray(offset, offset + BLOCK)
    if (header.every((byte) => byte === 0)) {
      ended = true
      break
    }
    const type = String.fromCharCode(header[156] ?? 0)
    const size = Number.parseInt(field(header, 124, 136).trim() || '0', 8)
    if (!field(header, 257, 263).startsWith('ustar') || !['0', '\0', '5'].includes(type)) return undefined
    if (!Number.isSafeInteger(size) || size < 0) return undefined
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK
    if (end > tarball.length) return undefined
    const prefix = field(header, 345, 500)
    const name = field(header, 0, 100)
    if (isClusterFile(prefix === '' ? name : `${prefix}/${name}`)) kept.push(tarball.subarray(offset, end))
    else dropped = true
    offset = end
  }
  // Without its end marker it is cut short (or no tarball at all).
  if (!ended) return undefined
  if (!dropped) return tarball
  // Two zero blocks end a tarball.
  return Buffer.concat([...kept, new Uint8Array(2 * BLOCK)])
}
