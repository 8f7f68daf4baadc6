import { defineConfig } from 'vitest/config'
import { LOADED_MACHINE_TIMEOUTS } from '../../vitest.timeouts.js'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The CLI is tested as the user runs it: the built dist/bin.js in a child process.
    globalSetup: ['./src/__fixtures__/buildCli.ts'],
    ...LOADED_MACHINE_TIMEOUTS,
  },
})
