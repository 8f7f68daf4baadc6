import { runLocomo } from './runLocomo.js'

runLocomo(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(`[locomo] ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  },
)
