import type { CurveSeries, IngestRate, WorkloadReport } from '../report/BenchReport.js'

export interface WorkloadOutcome {
  report: WorkloadReport
  curves?: CurveSeries[]
  ingestRates?: IngestRate[]
  environment?: Record<string, string>
}
