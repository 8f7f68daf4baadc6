/**
 * Splits text longer than `maxLength` UTF-16 units into parts that each fit one memory, cutting at
 * the last paragraph break, else line break, else space in the back half of the window, and
 * never inside a surrogate pair. The service then chunks each part for its vectors.
 */
export function splitIntoParts(text: string, maxLength: number): string[] {
  const parts: string[] = []
  let rest = text
  while (rest.length > maxLength) {
    const window = rest.slice(0, maxLength)
    const half = Math.floor(maxLength / 2)
    let cut = -1
    for (const boundary of ['\n\n', '\n', ' ']) {
      const at = window.lastIndexOf(boundary)
      if (at >= half) {
        cut = at + boundary.length
        break
      }
    }
    if (cut < 0) {
      cut = maxLength
      const before = rest.charCodeAt(cut - 1)
      if (before >= 0xd800 && before <= 0xdbff) cut -= 1
    }
    const piece = rest.slice(0, cut).trim()
    if (piece !== '') parts.push(piece)
    rest = rest.slice(cut)
  }
  const last = rest.trim()
  if (last !== '') parts.push(last)
  return parts
}
