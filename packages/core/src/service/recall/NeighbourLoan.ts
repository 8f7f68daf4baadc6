/** What a memory borrowed from a strong hit written close to it in time (`lendToNeighbours`). */
export interface NeighbourLoan {
  /** Added to the memory's fused relevance. */
  amount: number
  /** The lender's id. */
  from: string
  /** `amount` / the lender's fused relevance. */
  fraction: number
}
