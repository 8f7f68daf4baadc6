/**
 * A conservative token estimate, shared by the OpenRouter embedder and the fake embeddings server: one token per
 * 3 ASCII characters (rounded up) plus one per non-ASCII UTF-16 code unit (CJK text is roughly
 * one token per character, sometimes more; a `length / 4` estimate undercounts it badly).
 */
export function estimateTokens(text: string): number {
  let ascii = 0
  let other = 0
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) < 0x80) ascii++
    else other++
  }
  return Math.ceil(ascii / 3) + other
}
