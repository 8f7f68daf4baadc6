/**
 * Build parameters of the per-namespace HNSW indexes (on `halfvecKey`), stated rather than left to
 * pgvector's defaults so an upgrade cannot change them silently. A namespace's index is first built
 * `sparse`; when its calibration (`calibrateEfSearch`) then needs a walk wider than
 * `denseAboveEfSearch` to reach its recall target, the data is hard for that graph and a `dense`
 * one takes its place (`densifyNamespaceIndex`).
 *
 * Why two graphs: a graph walk is bound by the pages it reads, and each hop of a bottom layer reads
 * 2·m neighbours. Where the data is easy a sparse graph reaches the target at a modest ef_search and
 * is the cheaper walk; where it is hard a denser one reaches it at a much narrower ef_search.
 * Measured on 1536-d clustered vectors (recall@10 of the bench's queries against exact, p50 of the
 * bare statement, default server): on W2's one namespace of 100,000 rows the sparse graph gave
 * 0.993 at ef_search 40 in 2.1–2.5 ms where the dense one gave 0.997 at 24 in 3.4–3.8 ms; on W10's
 * 5,000-row namespace the sparse graph needed 200 (5.9 ms) where the dense one needed 80 (4.4 ms).
 * The dense graph also costs more to build: 341 s against 71 s for those 100,000 rows.
 */
export const HNSW_BUILD = {
  graphs: {
    /**
     * pgvector's own defaults. Never walked narrower than 16: at an ef_search of 10, the 10 rows
     * asked for, a walk has no slack, and the sparse graph's misses are whole clusters of rows. On
     * W10's 20,000-row namespace its probes reached the target at 10 while its queries got 0.960
     * there (0.995 at 16); the dense graph's queries got 0.991 at 10.
     */
    sparse: { m: 16, efConstruction: 64, minEfSearch: 16 },
    dense: { m: 24, efConstruction: 200, minEfSearch: 10 },
  },
  denseAboveEfSearch: 64,
} as const

/** Which of `HNSW_BUILD.graphs` an index is built as. */
export type HnswGraph = keyof typeof HNSW_BUILD.graphs
