/** A run of consecutive inputs sent in one request: `[start, end)`, with its estimated tokens. */
export interface Batch {
  start: number
  end: number
  tokens: number
}

/**
 * Splits inputs (given by their estimated token counts) into consecutive batches of at most
 * `maxInputs` inputs and `maxTokens` estimated tokens. Every input must already be within
 * `maxTokens` on its own.
 */
export function planBatches(tokenCounts: readonly number[], maxInputs: number, maxTokens: number): Batch[] {
  const batches: Batch[] = []
  let current: Batch | undefined
  for (let i = 0; i < tokenCounts.length; i++) {
    const tokens = tokenCounts[i]!
    if (
      current === undefined ||
      current.end - current.start >= maxInputs ||
      current.tokens + tokens > maxTokens
    ) {
      current = { start: i, end: i, tokens: 0 }
      batches.push(current)
    }
    current.end = i + 1
    current.tokens += tokens
  }
  return batches
}
