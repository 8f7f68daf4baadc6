import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { LOADED_MACHINE_TIMEOUTS } from '../../vitest.timeouts.js'

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// The service tests use testkit's InMemoryStore and the hashing embedder. Declaring them as
// devDependencies would make a package cycle (both depend on core), which turbo refuses, so the
// tests resolve them (and their own imports of core) straight to source: one copy of core.
export default defineConfig({
  test: { ...LOADED_MACHINE_TIMEOUTS },
  resolve: {
    alias: {
      '@agent-memory/core': at('./src/index.ts'),
      '@agent-memory/testkit': at('../testkit/src/index.ts'),
      '@agent-memory/embedder-hashing': at('../embedder-hashing/src/index.ts'),
    },
  },
})
