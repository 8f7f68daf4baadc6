import type { LanguageModel } from 'ai'
import type { ObserveLedger } from '../ledger/ObserveLedger.js'

/** The model `observe` extracts memories with, which messages it reads, and its limits. */
export interface ObserveOptions {
  /** Any AI SDK language model; used for extraction and for the decisions. */
  model: LanguageModel
  /** Whose messages are sources of memories. Default `user` (the assistant's words are context only). */
  from?: 'user' | 'user-and-assistant'
  /** Most candidate memories per call. Default 10, at most 50. */
  maxCandidates?: number
  /** Most new messages processed per call; the rest are reported `deferred`. Default 40. */
  maxNewMessages?: number
  /** Earlier messages shown as context before the first new one. Default 10. */
  contextMessages?: number
  /** Existing memories recalled and shown per candidate. Default 5. */
  existingPerCandidate?: number
  /** Output tokens per model call. Default 2000. */
  maxOutputTokens?: number
  /** Retries of a retryable provider error (429, 5xx), honouring Retry-After. Default 2. */
  maxRetries?: number
  /** Budget for the model and recall part of the call. Default 60 000 ms. */
  timeoutMs?: number
  signal?: AbortSignal
  /** Decide but write nothing (and record nothing in the ledger). */
  dryRun?: boolean
  /** Where processed messages are recorded. Default: `serviceLedger(memory)`, in the same store. */
  ledger?: ObserveLedger
  /** The clock extraction resolves relative dates against. */
  now?: () => Date
}
