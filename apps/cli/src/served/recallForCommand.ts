import type { RecallOptions, RecallResult } from '@agent-memory/core'
import type { CommandContext } from '../cli/CommandContext.js'
import { embedderChoiceKey } from './embedderChoiceKey.js'
import type { RecallRequest } from './RecallRequest.js'
import { recallSocketPath } from './recallSocketPath.js'
import { recallThroughHolder } from './recallThroughHolder.js'

const WIRED_FILTERS = new Set(['tiers', 'tags', 'asOf'])

/**
 * A command's recall: run by the process holding the embedded data directory when one serves it
 * (nothing of the store, its driver or the embedder is loaded here), else through the store the
 * command opens, as every other command does.
 */
export async function recallForCommand(
  context: CommandContext,
  namespace: string,
  query: string,
  options: RecallOptions,
): Promise<RecallResult> {
  const config = context.config()
  // The wire carries the filters the CLI offers; any other one is answered by the command itself.
  const wired = Object.keys(options.filter ?? {}).every((key) => WIRED_FILTERS.has(key))
  if (config.store.kind === 'embedded' && wired) {
    const { dataDir } = config.store
    const log = config.debug ? (line: string) => context.io.err(`debug: ${line}\n`) : undefined
    const { filter, signal: _signal, ...rest } = options
    const request: RecallRequest = {
      v: 1,
      embedder: embedderChoiceKey(config.embedder),
      namespace,
      query,
      options: {
        ...rest,
        ...(filter === undefined
          ? {}
          : {
              filter: {
                ...(filter.tiers === undefined ? {} : { tiers: [...filter.tiers] }),
                ...(filter.tags === undefined ? {} : { tags: [...filter.tags] }),
                ...(filter.asOf === undefined ? {} : { asOf: filter.asOf.toISOString() }),
              },
            }),
      },
    }
    const socketPath = recallSocketPath(dataDir)
    const served = await recallThroughHolder(socketPath, request, {
      signal: context.signal,
      ...(log === undefined ? {} : { log }),
    })
    if (served !== undefined) {
      log?.(`store server: ${served.servedBy} holds ${dataDir}; this search ran in it through ${socketPath}`)
      context.io.err(
        `agent-memory: embedded PGlite at ${dataDir}, served by ${served.servedBy}; embedder ${served.embedderDescription}\n`,
      )
      return served.result
    }
  }
  const { memory } = await context.open({ readsOnly: true, brief: true })
  return await memory.recall(namespace, query, options)
}
