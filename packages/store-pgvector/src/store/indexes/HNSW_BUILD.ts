/**
 * Build parameters of the per-namespace HNSW indexes (on `halfvecKey`), stated rather than left to
 * pgvector's defaults (m 16, ef_construction 64) so an upgrade cannot change them silently. Measured
 * on W10's 100k table (1536-d, 60 queries per namespace, recall@10 against exact, p50 of the bare
 * statement, load ≈ 1): a denser graph reaches the same recall at a smaller `ef_search`, and where
 * the data is hardest that is the difference between meeting 5 ms and not. On the 5,000-row
 * namespace, m 16 / ef_construction 200 needed ef_search 128 for 0.970 (5.4 ms); m 24 /
 * ef_construction 200 reached 0.985 at 100 (4.5 ms); m 32 read more neighbours per hop for little
 * more recall. The price is the build, background and once per namespace: 8.5 s for 5,000 rows and
 * 26 s for 10,000, against 5.8 and 11 s with pgvector's defaults.
 */
export const HNSW_BUILD = { m: 24, efConstruction: 200 } as const
