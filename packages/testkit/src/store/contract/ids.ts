/** The ids of hits or memories, in order. */
export const ids = (hits: { memory: { id: string } }[] | { id: string }[]): string[] =>
  hits.map((hit) => ('memory' in hit ? hit.memory.id : hit.id))
