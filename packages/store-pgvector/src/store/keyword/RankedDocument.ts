/** A document the keyword index ranked: its memory id and BM25 score. */
export interface RankedDocument {
  id: string
  score: number
}
