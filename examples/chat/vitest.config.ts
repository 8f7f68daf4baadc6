import { defineConfig } from 'vitest/config'
import { LOADED_MACHINE_TIMEOUTS } from '../../vitest.timeouts.js'

// The example is tested as it is run: the built dist/main.js in a child process.
export default defineConfig({ test: { ...LOADED_MACHINE_TIMEOUTS } })
