/** The dot-product kernel, compiled (a WebAssembly.Module; opaque outside `KernelRows`). */
export interface DotKernelModule {
  readonly compiledDotKernel: true
}
