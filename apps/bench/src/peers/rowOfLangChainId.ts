/** Inverse of `langChainId`. */
export function rowOfLangChainId(id: string): number {
  return Number.parseInt(id.slice(24), 16)
}
