import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { LOADED_MACHINE_TIMEOUTS } from '../../vitest.timeouts.js'

// The service scenarios run here against InMemoryStore with the hashing embedder. Declaring
// embedder-hashing as a dependency would make a package cycle (it tests itself with testkit),
// which turbo refuses, so the tests resolve it straight to source.
export default defineConfig({
  test: { ...LOADED_MACHINE_TIMEOUTS },
  resolve: {
    alias: {
      '@agent-memory/embedder-hashing': fileURLToPath(
        new URL('../embedder-hashing/src/index.ts', import.meta.url),
      ),
    },
  },
})
