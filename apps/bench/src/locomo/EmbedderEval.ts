import type { PairedComparison } from './pairedComparison.js'

/** What `pnpm eval:locomo --embedder NAME` measured (its JSON report; `renderEmbedderEval` prints it). */
export interface EmbedderEval {
  generatedAt: string
  command: string
  /** The dev set (`LoCoMo dev`, `RealMem dev`); absent in reports written before there were two. */
  dataset?: string
  embedder: string
  model: string
  lexical: boolean
  conversations: number
  questions: number
  /** How many settings leave-one-conversation-out chose among. */
  grid: number
  /** Category names by id. */
  categories?: Readonly<Record<string, string>>
  rankings: Array<{
    label: string
    metrics: Record<string, { mean: number; low: number; high: number }>
    byCategory: Record<string, { questions: number; recallAny10: number }>
  }>
  comparisons: Array<{
    label: string
    overall: PairedComparison
    byCategory: Record<string, PairedComparison>
  }>
  /** The grid's best settings on every question (in-sample: what a default is taken from, not a score to quote). */
  best: Array<{ label: string; recallAny5: number; recallAny10: number }>
  folds: Array<{ conversation: string; chosen: string; recallAny10: number }>
}
