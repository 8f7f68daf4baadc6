import type { CurveSeries, IngestRate, WorkloadReport } from '../report/BenchReport.js'

export interface WorkloadOutcome {
  report: WorkloadReport
  /** Further sections of the same workload, each merged by its own id (W13: one per backend). */
  moreReports?: WorkloadReport[]
  curves?: CurveSeries[]
  ingestRates?: IngestRate[]
  environment?: Record<string, string>
}
