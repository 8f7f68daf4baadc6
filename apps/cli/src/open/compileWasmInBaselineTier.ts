import { setFlagsFromString } from 'node:v8'

let set = false

/**
 * Makes V8 compile WebAssembly in its baseline tier (Liftoff) only, for the rest of the process.
 * PGlite boots Postgres from a 10 MB wasm module on every open; by default V8 also recompiles its
 * hot functions in the optimizing tier (TurboFan) on background threads, which a command that runs
 * a few statements and exits never lives to use. Measured on a 2-core machine: `list` on an embedded
 * store 2.2 → 1.7 s wall and 2.2 → 1.3 s CPU. Long-lived processes (serve, mcp, ui, ingest, the demo)
 * keep the default: their queries run on the optimized code. The flag only changes how code is
 * compiled, never what it does, and it must be set before PGlite compiles its module.
 */
export function compileWasmInBaselineTier(): void {
  if (set) return
  set = true
  setFlagsFromString('--liftoff-only')
}
