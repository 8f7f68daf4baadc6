import type { DotKernelModule } from './DotKernelModule.js'
import type { WebAssemblyApi } from './WebAssemblyApi.js'

/**
 * The dot-product kernel compiled from its base64 bytes, or `undefined` where this runtime cannot
 * (no WebAssembly, or no SIMD in it): the in-process index then scans in plain JS, with the same
 * answers.
 */
export function compileDotKernel(base64: string): DotKernelModule | undefined {
  const wasm = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly
  if (wasm === undefined) return undefined
  try {
    return new wasm.Module(Buffer.from(base64, 'base64'))
  } catch {
    return undefined
  }
}
