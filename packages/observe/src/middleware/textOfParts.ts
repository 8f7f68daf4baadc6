/** The text parts of a message's content joined, trimmed; other parts (files, tool calls) skipped. */
export function textOfParts(parts: ReadonlyArray<{ type: string; text?: string }>): string {
  return parts
    .map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
    .join('\n')
    .trim()
}
