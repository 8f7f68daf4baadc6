import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The CLI is tested as the user runs it: the built dist/bin.js in a child process.
    globalSetup: ['./src/__fixtures__/buildCli.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
