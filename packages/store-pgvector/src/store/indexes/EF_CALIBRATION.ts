/**
 * How a per-namespace HNSW index's `ef_search` is calibrated on the namespace's own vectors
 * (`calibrateEfSearch`): `probes` of its rows, each searched for its nearest other rows, exactly and
 * through the index at each `ladder` step; the first step whose mean recall@10 reaches `recall`
 * is kept. Measured in W10's 100k table (1536-d, 40 probes): the 5,000-row namespace needed 128
 * (probe recall 0.955 at 40, 0.980 at 128; real queries 0.896 and 0.982), the 10,000- and
 * 20,000-row ones 40 (0.980 and 1.000; real 0.983 and 1.000), where one fixed ef_search of 128
 * cost every query twice the pages. A probe is one of the namespace's own rows, so it is a little
 * easier than a query from outside; the recall guard (`sampleRecall`) measures real queries.
 */
export const EF_CALIBRATION = {
  probes: 40,
  recall: 0.98,
  ladder: [40, 64, 100, 128, 200, 400],
} as const
