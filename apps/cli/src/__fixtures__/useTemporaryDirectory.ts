import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { temporaryDirectory } from './cliProcess.js'

/** A suite's temporary directory and the embedded store's data directory inside it. */
export interface TemporaryDirectorySuite {
  /** Removed after the suite. */
  readonly dir: string
  /** `<dir>/store`: where a suite that uses one embedded store keeps it. */
  readonly dataDir: string
}

/**
 * Registers, in the calling `describe`, a temporary directory for the suite's lifetime. Read the
 * returned object's fields inside hooks and tests (they are set in `beforeAll`), never at
 * collection time.
 */
export function useTemporaryDirectory(): TemporaryDirectorySuite {
  let dir: string | undefined
  let remove: (() => Promise<void>) | undefined
  beforeAll(async () => {
    ;({ dir, remove } = await temporaryDirectory())
  })
  afterAll(async () => remove?.())
  const created = () => {
    if (dir === undefined)
      throw new Error('the temporary directory is made in beforeAll: read it in a hook or test')
    return dir
  }
  return {
    get dir() {
      return created()
    },
    get dataDir() {
      return path.join(created(), 'store')
    },
  }
}
