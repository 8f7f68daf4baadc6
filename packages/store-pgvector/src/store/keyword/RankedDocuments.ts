import type { RankedDocument } from './RankedDocument.js'

/** A keyword ranking: the best documents sorted, the others sorted on demand. */
export interface RankedDocuments {
  /** The best ones, best first (ties by id). */
  head: RankedDocument[]
  /** Everything after `head`, in the same order. */
  rest(): RankedDocument[]
}
