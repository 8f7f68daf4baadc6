/**
 * The longest prefix of `text` whose `estimateTokens` is at most `maxTokens`, never splitting a
 * surrogate pair. Used only when the caller chose `truncate: true`.
 */
export function truncateToTokens(text: string, maxTokens: number): string {
  let ascii = 0
  let other = 0
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) < 0x80) ascii++
    else other++
    if (Math.ceil(ascii / 3) + other > maxTokens) {
      const code = text.charCodeAt(i)
      // Cutting before a low surrogate would leave its high surrogate alone at the end.
      const end = code >= 0xdc00 && code <= 0xdfff ? i - 1 : i
      return text.slice(0, end)
    }
  }
  return text
}
