import type { EmbedderEval } from '../locomo/EmbedderEval.js'
import type { KeywordLegResult } from '../locomo/keywordLeg.js'
/** One line of the report's summary: our figure, the peers' (same run) and DESIGN §9's target. */
export interface SummaryRow {
  workload: string
  metric: string
  ours: string
  peers: string
  target: string
  /** Whether the target is met; null when there is no target or it does not apply to this run. */
  met: boolean | null
  /** When the target is not met: why, from this run's own figures where the run measures it. */
  why?: string
}

export interface ReportTable {
  title: string
  columns: string[]
  rows: Array<Array<string | number>>
}

export interface WorkloadReport {
  id: string
  title: string
  status: 'ok' | 'skipped' | 'failed'
  /** The command that produced this section (without `--out`, which only says where the report goes). */
  command?: string
  /** When that command ran. */
  generatedAt?: string
  /** Why it was skipped or how it failed (no stack traces). */
  reason?: string
  settings: Record<string, string | number | boolean>
  tables: ReportTable[]
  notes: string[]
  summary: SummaryRow[]
}

/** A point of a latency-vs-recall curve (milliseconds, recall in [0,1]). */
export interface CurvePoint {
  label: string
  recall: number
  p50: number
  p99: number
}

export interface CurveSeries {
  /** The workload that produced it (so a partial re-run replaces only its own). */
  workload?: string
  name: string
  points: CurvePoint[]
}

export interface IngestRate {
  workload?: string
  label: string
  rowsPerSecond: number
}

export interface BenchRun {
  generatedAt: string
  /** The latest command folded into this run; each workload carries its own (`WorkloadReport.command`). */
  command: string
  mode: 'smoke' | 'full'
  size: number
  environment: Record<string, string>
  workloads: WorkloadReport[]
  curves: CurveSeries[]
  ingestRates: IngestRate[]
}

/** One retrieval mode's scores (fractions in [0,1]). */
export interface LocomoScores {
  questions: number
  recallAny5: number
  recallAny10: number
  evidenceRecall5: number
  evidenceRecall10: number
  mrr: number
  p50Ms: number
}

export interface LocomoVariant {
  backend: string
  mode: 'keyword' | 'vector' | 'hybrid'
  fusion: 'rrf' | 'minmax' | null
  /** Which setting this is when the mode and fusion alone do not say (e.g. `default`, `no lending, vector weight 0.3`). */
  label?: string
  overall: LocomoScores
  byCategory: Record<string, LocomoScores>
  /** recall_any@10 per question in file order, as '0'/'1' (for paired comparisons). */
  hits10?: string
}

export interface LocomoRun {
  generatedAt: string
  command: string
  file: string
  sha256: string
  conversations: number
  turns: number
  questions: number
  /** Evidence ids that name no turn in the file (they can never be found). */
  danglingEvidence: number
  memoryShape: string
  environment: Record<string, string>
  variants: LocomoVariant[]
  /** Leave-one-conversation-out over a parameter grid, and what each ranking technique adds. */
  loco?: LocomoLoco
  /** Paired comparisons (e.g. RRF vs min-max) in words. */
  comparisons?: string[]
  skipped: string[]
}

/** Leave-one-conversation-out tuning (`evaluateLoco`), on one ingested embedded store. */
export interface LocomoLoco {
  /** The grid, one label per parameter setting. */
  grid: string[]
  /** Per held-out conversation: the setting chosen on the other four and how it did on this one. */
  folds: Array<{
    conversation: string
    chosen: string
    questions: number
    recallAny5: number
    recallAny10: number
  }>
  /** The held-out records together. */
  overall: LocomoScores
  byCategory: Record<string, LocomoScores>
  /** Techniques switched on one at a time over the same cached legs: scores and added ms (p50, same run). */
  ablation: Array<{ label: string; recallAny5: number; recallAny10: number; p50Ms: number; addedMs: number }>
}

/** Everything `docs/benchmarks.json` holds; each command refreshes its own part. */
export interface BenchReport {
  /** The default-size run (`pnpm bench`). */
  bench?: BenchRun
  /** A run at ≥ 100k rows (`pnpm bench --size 100000`), where DESIGN §9's W2/W3 targets are stated. */
  benchLarge?: BenchRun
  locomo?: LocomoRun
  /** The keyword leg alone on the LoCoMo namespaces (`pnpm eval:locomo`, or `--only KEYWORD`). */
  keywordLeg?: KeywordLegRun
  /** `pnpm eval:locomo --embedder NAME`, by embedder name; each run replaces its own entry only. */
  embedders?: Record<string, EmbedderEval>
}

/** The keyword leg timed alone per backend, with the JS reference's time from the same run. */
export interface KeywordLegRun {
  generatedAt: string
  command: string
  /** `os.loadavg()` at the start: the machines are shared. */
  loadAverage: number[]
  /** The JS BM25 reference ranking the same questions in memory, p50 ms. */
  referenceP50Ms: number
  results: KeywordLegResult[]
  notes: string[]
}
