import { createMemory } from '@agent-memory/core'
import type { OpenOptions } from '../cli/CommandContext.js'
import { describeFailure } from '../cli/describeFailure.js'
import type { CliConfig } from '../config/CliConfig.js'
import { createEmbedder } from './createEmbedder.js'
import type { OpenedMemory } from './OpenedMemory.js'
import { openStore } from './openStore.js'

export interface OpenMemoryOptions extends OpenOptions {
  /** PostgreSQL: run migrations first (`init`). */
  migrate?: boolean
  /** Where non-fatal service errors go (background reinforcement...); shown only with --debug. */
  log?: (line: string) => void
  /** Problems that do not stop the command, always shown. */
  warn?: (line: string) => void
}

/**
 * The configured embedder and store composed by `createMemory`. Opening checks the recorded
 * embedder: a different one is a `DimensionMismatchError` whose message names `agent-memory reembed`.
 */
export async function openMemory(config: CliConfig, options: OpenMemoryOptions = {}): Promise<OpenedMemory> {
  const { embedder, description: embedderDescription } = createEmbedder(config.embedder)
  const log = options.log
  const opened = await openStore(config.store, {
    model: embedder.model,
    dimensions: embedder.dimensions,
    ...(options.migrate === undefined ? {} : { migrate: options.migrate }),
    ...(options.serve === undefined ? {} : { serve: options.serve }),
    ...(options.searchesOften === undefined ? {} : { searchesOften: options.searchesOften }),
    ...(config.debug && log !== undefined ? { log } : {}),
    ...(options.warn === undefined ? {} : { warn: options.warn }),
    ...(options.readsOnly === undefined ? {} : { readsOnly: options.readsOnly }),
  })
  const memory = createMemory({
    store: opened.store,
    embedder,
    options: {
      onError: (error, context) => {
        if (config.debug && log !== undefined) log(`${context.operation}: ${describeFailure(error).message}`)
      },
    },
  })
  return {
    memory,
    store: opened.store,
    embedder,
    storeDescription: opened.description,
    embedderDescription,
    ...(opened.explainFailure === undefined ? {} : { explainFailure: opened.explainFailure }),
    ...(opened.servedBy === undefined ? {} : { servedBy: opened.servedBy }),
    ...(opened.serving === undefined ? {} : { serving: opened.serving }),
    close: async () => {
      // Recall reinforces its hits off the response path, batched: land them before closing.
      await memory.close()
      await opened.close()
    },
  }
}
