/** Whether `--json` is among the options (before a `--` that ends them). */
export function jsonRequested(argv: readonly string[]): boolean {
  const end = argv.indexOf('--')
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json')
}
