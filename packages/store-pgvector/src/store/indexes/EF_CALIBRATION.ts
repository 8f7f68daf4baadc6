/**
 * How a per-namespace HNSW index's `ef_search` is calibrated on the namespace's own vectors
 * (`calibrateEfSearch`): `probes` of its rows, each searched for its nearest other rows, exactly and
 * through the index at each `ladder` step; the first step whose mean recall@10 reaches `recall`
 * is kept. Measured in W10's 100k table (1536-d, 40 probes, two builds of each graph): the
 * 5,000-row namespace got 128 and 200 (probe recall 0.955 at 40, ~0.98 at 128; W10's queries 0.896
 * and 0.982), the 10,000-row one 64 and 100, the 20,000-row one 40 (recall 1.000), where one fixed
 * ef_search of 128 read 2,800 pages per query there and 40 reads 965. A probe is one of the
 * namespace's own rows, so it is a little easier than a query from outside (the margin above W10's
 * 0.97); the recall guard (`sampleRecall`) measures real queries. The cost is `probes` exact scans
 * of the namespace plus a few index walks per rung, once per build: 8 s for W10's three indexes
 * (5,000–20,000 rows), whose builds took 43 s; it grows with the namespace as the build does.
 */
export const EF_CALIBRATION = {
  probes: 40,
  recall: 0.98,
  ladder: [40, 64, 100, 128, 200, 400],
} as const
