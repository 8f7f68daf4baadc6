import { defineConfig } from 'vitest/config'
import { LOADED_MACHINE_TIMEOUTS } from '../../vitest.timeouts.js'

export default defineConfig({ test: { ...LOADED_MACHINE_TIMEOUTS } })
