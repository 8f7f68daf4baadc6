/** Bytes inspected: enough to catch binary formats by their headers, cheap for huge files. */
export const BINARY_SAMPLE_BYTES = 8192

/**
 * Why the start of a file is not text, or undefined when it reads as text: a NUL byte (git's
 * test; no text format uses it), or more than one character in ten undecodable as UTF-8 or a
 * control other than tab, newline, form feed and carriage return.
 */
export function looksBinary(sample: Uint8Array): string | undefined {
  if (sample.includes(0)) return 'binary content (NUL bytes), not text'
  const text = new TextDecoder('utf-8').decode(sample)
  let odd = 0
  for (const character of text) {
    const code = character.codePointAt(0)!
    if (code === 0xfffd || (code < 0x20 && code !== 9 && code !== 10 && code !== 12 && code !== 13)) odd++
  }
  return odd * 10 > text.length ? 'binary content (not UTF-8 text)' : undefined
}
