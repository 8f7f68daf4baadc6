import type { DotKernelModule } from './DotKernelModule.js'

/**
 * The part of the WebAssembly global the kernel uses, typed here: the project compiles without
 * the DOM library, and Node's types leave the global out.
 */
export interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => DotKernelModule
  Memory: new (descriptor: {
    initial: number
  }) => { readonly buffer: ArrayBuffer; grow(pages: number): number }
  Instance: new (module: DotKernelModule, imports: object) => { readonly exports: Record<string, unknown> }
}
