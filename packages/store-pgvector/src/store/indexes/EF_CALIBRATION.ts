/**
 * How a per-namespace HNSW index's `ef_search` is calibrated (`calibrateEfSearch`): `probes`
 * vectors the index has not seen (rows of other namespaces; the namespace's own only when the
 * table has too few others), each searched for its 10 nearest rows of the namespace, exactly and
 * through the index at each `ladder` step; the first step whose mean recall@10 reaches `recall` is
 * kept. Probes that are the namespace's own rows flattered the graph: on W10's 100k table (1536-d,
 * m 24 / ef_construction 200) they reached recall 1.000 at 40 on every namespace, while the
 * 5,000-row one answered real queries at 0.933 there. Probes from other namespaces chose 100 for
 * that namespace (probes 0.982, its queries 0.983) and 40 for the 10,000- and 20,000-row ones
 * (queries 0.985 and 1.000): with unseen probes the target needs no margin above the 0.97 W10 asks.
 * The cost is `probes` exact scans of the namespace plus a few index walks per rung, once per
 * build: 7.4 s for W10's three indexes, whose builds took about 85 s.
 */
export const EF_CALIBRATION = {
  probes: 40,
  recall: 0.98,
  ladder: [40, 64, 100, 128, 200, 400],
} as const
