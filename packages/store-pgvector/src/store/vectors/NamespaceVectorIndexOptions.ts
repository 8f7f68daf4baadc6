import type { DotKernelModule } from './scan/DotKernelModule.js'

/** How the rows are scanned; the defaults suit every caller but the tests. */
export interface NamespaceVectorIndexOptions {
  /** The WebAssembly dot-product kernel; `null` scans in plain JS (as where it cannot load). */
  kernel?: DotKernelModule | null
  /**
   * Rows × dimensions from which the rows move into the kernel's memory: below it a JS scan
   * takes well under a millisecond, and each WebAssembly memory reserves address space.
   */
  kernelFromFloats?: number
}
