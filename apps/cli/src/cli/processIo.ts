import type { CliIo } from './CliIo.js'

/** The real process's stdout and stderr. */
export function processIo(): CliIo {
  return {
    out: (text) => process.stdout.write(text),
    outDrained: () =>
      process.stdout.writableNeedDrain
        ? new Promise<void>((resolve) => process.stdout.once('drain', () => resolve()))
        : Promise.resolve(),
    err: (text) => process.stderr.write(text),
    stderrIsTTY: process.stderr.isTTY === true,
    columns: process.stderr.columns ?? 80,
  }
}
