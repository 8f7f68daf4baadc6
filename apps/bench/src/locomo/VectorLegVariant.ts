/**
 * Another way for a sweep's setting to measure the vector legs (`vectorLegVariantStore`), for a
 * question the defaults leave open: does a cosine that ignores what every candidate shares add to
 * what the keywords find? (Feedback from the keyword leg is the service's own `vectorFeedback`.)
 */
export interface VectorLegVariant {
  /**
   * Cosines about the centre of the candidates: the mean of the memory-vector leg's `depth` nearest
   * memories, times `strength`, taken from the query and from every memory and chunk vector first.
   */
  centre: { depth: number; strength: number }
}
