/**
 * Another way for a sweep's setting to measure the vector legs (`vectorLegVariantStore`), for
 * questions the defaults leave open: does a cosine that ignores what every candidate shares, or a
 * query moved towards the keyword leg's best hits, add to what the keywords find? One of the two at a time.
 */
export interface VectorLegVariant {
  /**
   * Cosines about the centre of the candidates: the mean of the memory-vector leg's `depth` nearest
   * memories, times `strength`, taken from the query and from every memory and chunk vector first.
   */
  centre?: { depth: number; strength: number }
  /**
   * Pseudo-relevance feedback (Rocchio): the vector legs search again with the query vector plus
   * `weight` × the mean vector of the keyword leg's `hits` best memories.
   */
  feedback?: { hits: number; weight: number }
}
