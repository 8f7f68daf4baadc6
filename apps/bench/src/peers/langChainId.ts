/** A deterministic uuid for row i of the LangChain table, so results map back to row indexes. */
export function langChainId(i: number): string {
  return `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`
}
