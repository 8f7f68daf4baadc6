import { createMemory } from '@agent-memory/core'
import type { OpenOptions } from '../cli/CommandContext.js'
import { describeFailure } from '../cli/describeFailure.js'
import type { CliConfig } from '../config/CliConfig.js'
import { embedderChoiceKey } from '../served/embedderChoiceKey.js'
import { recallSocketPath } from '../served/recallSocketPath.js'
import { type RecallServer, serveRecall } from '../served/serveRecall.js'
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
  const { embedder, description: embedderDescription } = await createEmbedder(config.embedder)
  const log = options.log
  const opened = await openStore(config.store, {
    model: embedder.model,
    dimensions: embedder.dimensions,
    ...(options.migrate === undefined ? {} : { migrate: options.migrate }),
    ...(options.partitions === undefined ? {} : { partitions: options.partitions }),
    ...(options.citus === undefined ? {} : { citus: options.citus }),
    ...(options.serve === undefined ? {} : { serve: options.serve }),
    ...(options.searchesOften === undefined ? {} : { searchesOften: options.searchesOften }),
    ...(options.brief === undefined ? {} : { brief: options.brief }),
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
      ...(options.sweepIntervalMs === undefined ? {} : { sweepIntervalMs: options.sweepIntervalMs }),
    },
  })
  // A holder that serves the directory also answers whole recalls: a served `search` then costs
  // one round trip and runs on this process's warm in-process indexes.
  let recallServer: RecallServer | undefined
  if (opened.serving === true && config.store.kind === 'embedded') {
    recallServer = await serveRecall({
      socketPath: recallSocketPath(config.store.dataDir),
      memory,
      embedderKey: embedderChoiceKey(config.embedder),
      embedderDescription,
      ...(config.debug && log !== undefined ? { log } : {}),
    }).catch((error: unknown) => {
      options.warn?.(`not answering recalls for other processes: ${describeFailure(error).message}`)
      return undefined
    })
  }
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
      await recallServer?.close()
      // Recall reinforces its hits off the response path, batched: land them before closing.
      await memory.close()
      await opened.close()
    },
  }
}
