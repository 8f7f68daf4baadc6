import { compileDotKernel } from './compileDotKernel.js'
import { DOT_KERNEL_WASM } from './DOT_KERNEL_WASM.js'
import type { DotKernelModule } from './DotKernelModule.js'

let compiled: { module: DotKernelModule | undefined } | undefined

/** The dot-product kernel, compiled once per process on first use (`undefined`: not available). */
export function sharedDotKernel(): DotKernelModule | undefined {
  compiled ??= { module: compileDotKernel(DOT_KERNEL_WASM) }
  return compiled.module
}
