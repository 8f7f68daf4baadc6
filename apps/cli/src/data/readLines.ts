/**
 * The lines of a text stream with their 1-based numbers, as they arrive (memory bounded by the
 * longest line). `complete` is false for a last line the stream ended inside: no newline after it.
 */
export async function* readLines(
  input: AsyncIterable<string>,
): AsyncGenerator<{ line: number; text: string; complete: boolean }> {
  let pending = ''
  let line = 0
  for await (const chunk of input) {
    pending += chunk
    let start = 0
    let end = pending.indexOf('\n', start)
    while (end !== -1) {
      line += 1
      const text = pending.slice(start, end)
      yield { line, text: text.endsWith('\r') ? text.slice(0, -1) : text, complete: true }
      start = end + 1
      end = pending.indexOf('\n', start)
    }
    pending = pending.slice(start)
  }
  if (pending !== '') yield { line: line + 1, text: pending, complete: false }
}
