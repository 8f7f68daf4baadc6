import { setFlagsFromString } from 'node:v8'

let set = false

/**
 * Makes V8 compile WebAssembly in its baseline tier (Liftoff) only, and validate each function
 * when it is first compiled, for the rest of the process. PGlite boots Postgres from a 9 MB wasm
 * module on every open; by default V8 also recompiles its hot functions in the optimizing tier
 * (TurboFan) on background threads, which a command that runs a few statements and exits never
 * lives to use. Measured on a 2-core machine: `list` on an embedded store 2.2 → 1.7 s wall and
 * 2.2 → 1.3 s CPU. V8 already compiles each function on its first call, but it validates the whole
 * module up front: about two thirds of the module's compile time (105 → 36 ms CPU), for functions
 * such a command mostly never calls. The module is PGlite's own, shipped in its package, so a
 * function that would fail validation is not expected; if one did, its call would throw a
 * `WebAssembly.CompileError` instead of the open. Long-lived processes (serve, mcp, ui, ingest,
 * the demo) keep the defaults: their queries run on the optimized code. The flags only change
 * how code is compiled, never what it does, and they must be set before PGlite compiles its module.
 */
export function compileWasmInBaselineTier(): void {
  if (set) return
  set = true
  setFlagsFromString('--liftoff-only')
  setFlagsFromString('--wasm-lazy-validation')
}
