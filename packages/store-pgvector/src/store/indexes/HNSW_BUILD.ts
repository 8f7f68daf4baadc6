/**
 * Build parameters of the per-namespace HNSW indexes, stated rather than left to pgvector's
 * defaults (which they equal) so an upgrade cannot change them silently. Measured in W10 at 100k
 * rows: m 24 / ef_construction 128 and m 32 / ef_construction 200 lifted recall at a given
 * `ef_search`, but at equal recall (≈ 0.98) every graph read the same ~2,700 pages per query on a
 * 5,000-row namespace, while the builds took 1.8–2.8× as long; so the search widens (`ANN_EF_SEARCH`),
 * the graph does not.
 */
export const HNSW_BUILD = { m: 16, efConstruction: 64 } as const
