import type { CliIo } from '../cli/CliIo.js'
import { toJsonLine } from './toJsonLine.js'

/**
 * Prints one `--json` document on stdout. Call it with the document's type from `src/json/`
 * (`writeJson<SearchJson>(io, …)`): the shape is checked by the compiler here and by the schemas
 * in the tests, while the schemas themselves (and zod) stay out of the command's start-up.
 */
export function writeJson<T extends { version: 1; command?: string }>(io: CliIo, document: T): void {
  io.out(toJsonLine(document))
}
