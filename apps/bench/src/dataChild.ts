import type { DataChildRequest } from './workloads/DataChildRequest.js'
import { runDataChild } from './workloads/runDataChild.js'

// A W14 child: the request as JSON in the first argument, the result as JSON on the last stdout line.
runDataChild(JSON.parse(process.argv[2] ?? '{}') as DataChildRequest).then(
  (result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`)
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error))
    process.exitCode = 1
  },
)
