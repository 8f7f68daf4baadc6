import { runBench } from './runBench.js'

runBench(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  },
)
