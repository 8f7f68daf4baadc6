import { CONVERSATION_DEFAULTS } from './CONVERSATION_DEFAULTS.js'

/**
 * The ranking settings `createMemory` uses unless told otherwise, one set per kind of embedder
 * (`Embedder.lexical`; an embedder that does not say is semantic). Each was chosen by
 * leave-one-conversation-out on LoCoMo dev (`pnpm eval:locomo --embedder hashing|use`) over min-max
 * vector weights 0 to 1, neighbourhood shares 0 to 0.7 and 1 to 3 neighbours per side; the figures
 * are in docs/benchmarks.md. Vector feedback was measured on LoCoMo dev and RealMem dev together.
 * The role weights and recent support (`CONVERSATION_DEFAULTS`) were
 * measured on LoCoMo dev and RealMem dev together with the offline embedder.
 */
export const RANKING_DEFAULTS = {
  /** The offline hashing embedder: its vector leg measures shared wording, so keywords lead. */
  lexical: {
    minMaxVectorWeight: 0.15,
    neighbourhood: { share: 0.5, perSide: 2, sessionShare: 0.3 },
    vectorFeedback: false,
    ...CONVERSATION_DEFAULTS,
  },
  /**
   * A semantic model (measured with Universal Sentence Encoder lite): its vector leg finds
   * paraphrases keywords miss, and earns twice the lexical weight; moved towards the keyword leg's
   * best hits (`VectorFeedbackOptions`), it finds what they are about in other words.
   */
  semantic: {
    minMaxVectorWeight: 0.3,
    neighbourhood: { share: 0.5, perSide: 2, sessionShare: 0.3 },
    vectorFeedback: { hits: 3, weight: 0.5 },
    ...CONVERSATION_DEFAULTS,
  },
} as const
