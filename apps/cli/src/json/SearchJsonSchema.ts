import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'
import { MemoryJsonSchema } from './MemoryJsonSchema.js'

/** One ranked hit: `score` is what the ranking used, so scores descend with `rank`. */
export const SearchHitJsonSchema = z
  .object({
    rank: z.number().int().positive(),
    score: z.number().min(0).max(1),
    /** What went into `score` (core's `RecallScores`): `score = min(1, fused × modifier)`. */
    scores: z
      .object({
        semantic: z.number().optional(),
        keyword: z.number().optional(),
        /** Relevance borrowed from a strong hit written close in time; already in `fused`. */
        neighbour: z.number().optional(),
        fused: z.number(),
        modifier: z.number(),
        /** What `--min-score` compares (a cosine when a vector leg saw the memory). */
        relevance: z.number(),
      })
      .strict(),
    sources: z.array(z.enum(['vector', 'chunk', 'keyword'])),
    matchedChunk: z.object({ idx: z.number().int().nonnegative(), text: z.string() }).strict().optional(),
    /**
     * `--linked`: set on a memory appended because a hit links to it (the hit's id); such a memory
     * was not found by the query (score 0, no sources) and comes after the ranked hits.
     */
    linkedFrom: z.string().optional(),
    memory: MemoryJsonSchema,
  })
  .strict()

/** `agent-memory search --json`. */
export const SearchJsonSchema = jsonDocument('search', {
  namespace: z.string(),
  query: z.string(),
  asOf: z.iso.datetime({ offset: true }).optional(),
  /**
   * `keyword_only`: the embedder was unavailable, so these are keyword matches only. `not_reranked`:
   * a configured reranker failed, so the hits are in fused order.
   */
  degraded: z.enum(['keyword_only', 'not_reranked']).optional(),
  hits: z.array(SearchHitJsonSchema),
})
/** The type of `SearchJsonSchema`. */
export type SearchJson = z.infer<typeof SearchJsonSchema>
