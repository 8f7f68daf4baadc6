/**
 * How a per-namespace HNSW index's `ef_search` is calibrated (`calibrateEfSearch`): `probes`
 * vectors the index has not seen (rows of other namespaces; the namespace's own only when the
 * table has too few others), each searched for its 10 nearest rows of the namespace, exactly and
 * through the index at each `ladder` step; the first step whose mean recall@10 reaches `recall` is
 * kept. Probes that are the namespace's own rows flattered the graph: on W10's 100k table (1536-d,
 * m 24 / ef_construction 200) they reached recall 1.000 at 40 on every namespace, while the
 * 5,000-row one answered real queries at 0.933 there. With unseen probes the figures agree, so the
 * target needs no margin above the 0.97 W10 asks; what it needs is enough probes. A mean of 40
 * probe recalls spreads by about ±0.008, which moved the 5,000-row namespace's pick between 100
 * and 128 from one build to the next; with 100 probes and a rung at 80 it chose 80 (probes 0.984;
 * its 200 queries 0.981 at 80, 0.986 at 100, 0.974 at 72).
 *
 * The ladder starts at 10, the 10 nearest asked for, not at pgvector's default of 40: an easy graph
 * is as good narrow as wide, and the walk's cost grows with its width. On the same table the
 * 20,000-row namespace's 200 queries reached recall 0.989 at 10, 1.000 at 16 and at 40, reading 601,
 * 786 and 1,680 pages (1.8, 1.8 and 3.9 ms); the 10,000-row one 0.974 / 0.978 / 0.983 / 0.986 at
 * 16 / 24 / 32 / 40 for 766 / 1,119 / 1,458 / 1,711 pages. The calibration picked 10 and 24 for
 * them (probes 0.990 and 0.981). Its cost is `probes` exact scans of the namespace plus a pass of
 * index walks per rung, once per build; the low rungs are the cheap ones.
 *
 * A namespace alone in its table is probed at points drawn from its own rows: a row and its two
 * nearest, weighted 2/3, 2/3 and −1/3 (`calibrateEfSearch`). On W2's namespace (100,000 rows of
 * 1,000 tight clusters, 1536-d) the bench's 300 queries got 0.960 / 0.982 / 0.993 / 0.996 at
 * ef_search 24 / 32 / 40 / 48 on the sparse graph and 0.966 / 0.989 / 0.997 at 10 / 16 / 24 on the
 * dense one; 100 such probes gave 0.889 / 0.949 / 0.969 / 0.989 and 0.800 / 0.996 / 0.999, so the
 * calibration keeps 48 and 16, each at or above the queries' need. Midpoints of a row and a
 * neighbour further down its list, the probes before these, swung with how far down: with the
 * 400th they gave 0.822 at 48 and 0.834 at 80 on the sparse graph (the queries: 0.996 and more),
 * with the 100th 0.975 at 10 on the dense one (the queries: 0.966). A row's own missing neighbours
 * are a hard query's (the ones a midpoint between two clusters asks for), not a typical one's.
 */
export const EF_CALIBRATION = {
  probes: 100,
  recall: 0.98,
  ladder: [10, 16, 24, 32, 40, 48, 64, 80, 100, 128, 200, 400],
} as const
