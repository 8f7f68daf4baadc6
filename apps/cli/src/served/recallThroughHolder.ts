import type { RecallResult } from '@agent-memory/core'
import { type AskHolderOptions, askHolder } from './askHolder.js'
import type { RecallRequest } from './RecallRequest.js'
import { reviveRecallResult } from './reviveRecallResult.js'

export interface ServedRecallResult {
  result: RecallResult
  servedBy: string
  embedderDescription: string
}

/**
 * Asks the process holding the data directory to run the whole recall (`serveRecall`). Resolves
 * to `undefined` whenever that is not possible — nobody serves the directory, the holder declined
 * (other embedder settings, another wire version, a failure) or went away before answering — and
 * the command then opens the store itself: a recall only reads, so running it again is safe.
 */
export async function recallThroughHolder(
  socketPath: string,
  request: RecallRequest,
  options: AskHolderOptions = {},
): Promise<ServedRecallResult | undefined> {
  const reply = await askHolder(socketPath, request, options)
  if (reply === undefined) return undefined
  return {
    result: reviveRecallResult(reply.result),
    servedBy: reply.servedBy,
    embedderDescription: reply.embedder,
  }
}
