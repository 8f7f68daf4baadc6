import {
  type FakeEmbeddingsServer,
  type FakeEmbeddingsServerOptions,
  startFakeEmbeddingsServer,
} from '@agent-memory/testkit'
import { afterAll, beforeAll } from 'vitest'
import { useTemporaryDirectory } from './useTemporaryDirectory.js'

/** What a suite that runs the CLI against the fake OpenAI-compatible embedder holds. */
export interface FakeEmbedderSuite {
  /** The suite's temporary directory (removed after the suite). */
  readonly dir: string
  /** The fake embeddings server on 127.0.0.1 (closed after the suite). */
  readonly server: FakeEmbeddingsServer
}

/**
 * Registers, in the calling `describe`, a temporary directory and a fake embeddings server for the
 * suite's lifetime. Read the returned object's fields inside hooks and tests (they are set in
 * `beforeAll`), never at collection time.
 */
export function useFakeEmbedder(options: FakeEmbeddingsServerOptions): FakeEmbedderSuite {
  const temporary = useTemporaryDirectory()
  const suite = {} as { server: FakeEmbeddingsServer }
  beforeAll(async () => {
    suite.server = await startFakeEmbeddingsServer(options)
  })
  afterAll(async () => {
    await suite.server?.close()
  })
  return {
    get dir() {
      return temporary.dir
    },
    get server() {
      return suite.server
    },
  }
}
