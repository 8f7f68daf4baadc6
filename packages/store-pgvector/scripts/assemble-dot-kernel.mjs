// Assembles src/store/vectors/scan/dotKernel.wat into DOT_KERNEL_WASM.ts (the bytes, base64), so
// the published package carries the kernel without a build step of its own. `--check` exits 1
// when the committed bytes are not those of the source.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import wabtInit from 'wabt'

const dir = fileURLToPath(new URL('../src/store/vectors/scan/', import.meta.url))
const wabt = await wabtInit()
const source = readFileSync(`${dir}dotKernel.wat`, 'utf8')
const module = wabt.parseWat('dotKernel.wat', source, { simd: true })
const { buffer } = module.toBinary({})
module.destroy()
const text = `// Generated from dotKernel.wat by scripts/assemble-dot-kernel.mjs: do not edit.
/** The dot-product kernel (dotKernel.wat), assembled, base64. */
export const DOT_KERNEL_WASM =
  '${Buffer.from(buffer).toString('base64')}'
`
const target = `${dir}DOT_KERNEL_WASM.ts`
if (process.argv.includes('--check')) {
  if (readFileSync(target, 'utf8') !== text) {
    console.error('DOT_KERNEL_WASM.ts is not dotKernel.wat assembled: run pnpm assemble:dot-kernel')
    process.exit(1)
  }
} else {
  writeFileSync(target, text)
}
