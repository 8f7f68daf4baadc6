import { SOAK_BACKEND_KINDS, type SoakBackendKind } from '../soak/SoakBackendKind.js'

export interface BenchArgs {
  smoke: boolean
  /** `--render`: rewrite benchmarks.md and the charts from benchmarks.json, running nothing. */
  render: boolean
  size: number | undefined
  queries: number | undefined
  only: string[] | undefined
  out: string | undefined
  /** `pnpm eval:locomo --embedder NAME`: which embedder the evaluation runs with. */
  embedder: string | undefined
  /** `--soak-minutes M`: how long W13 loads each backend (fractions allowed). */
  soakMinutes: number | undefined
  /** `--soak-backends embedded,postgres`: which stores W13 soaks (both by default). */
  soakBackends: SoakBackendKind[] | undefined
  positional: string[]
}

/** `--smoke`, `--render`, `--size N` (or `--size=N`), `--queries N`, `--only W1,W2`, `--out DIR`, `--embedder NAME`, `--soak-minutes M`, `--soak-backends embedded,postgres`; the rest positional. */
export function parseArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = {
    smoke: false,
    render: false,
    size: undefined,
    queries: undefined,
    only: undefined,
    out: undefined,
    embedder: undefined,
    soakMinutes: undefined,
    soakBackends: undefined,
    positional: [],
  }
  const take = (i: number, name: string): string => {
    const value = argv[i + 1]
    if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`)
    return value
  }
  const count = (name: string, value: string): number => {
    const n = Number(value.replace(/_/g, '').replace(/k$/i, '000'))
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${value}`)
    return n
  }
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i]!
    const [flag, inline] =
      raw.startsWith('--') && raw.includes('=')
        ? [raw.slice(0, raw.indexOf('=')), raw.slice(raw.indexOf('=') + 1)]
        : [raw, undefined]
    const value = () => {
      if (inline !== undefined) return inline
      const v = take(i, flag!)
      i++
      return v
    }
    switch (flag) {
      case '--':
        break
      case '--smoke':
        args.smoke = true
        break
      case '--render':
        args.render = true
        break
      case '--size':
        args.size = count('--size', value())
        break
      case '--queries':
        args.queries = count('--queries', value())
        break
      case '--only':
        args.only = value()
          .split(',')
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean)
        break
      case '--out':
        args.out = value()
        break
      case '--embedder':
        args.embedder = value()
        break
      case '--soak-minutes': {
        const minutes = Number(value())
        if (!(minutes > 0)) throw new Error('--soak-minutes must be a positive number')
        args.soakMinutes = minutes
        break
      }
      case '--soak-backends': {
        const kinds = value()
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean)
        const unknown = kinds.filter((kind) => !(SOAK_BACKEND_KINDS as readonly string[]).includes(kind))
        if (kinds.length === 0 || unknown.length > 0)
          throw new Error(
            `--soak-backends takes ${SOAK_BACKEND_KINDS.join(' and/or ')}, got ${unknown.join(', ') || 'none'}`,
          )
        args.soakBackends = [...new Set(kinds)] as SoakBackendKind[]
        break
      }
      default:
        if (flag!.startsWith('--')) throw new Error(`unknown option ${flag}`)
        args.positional.push(raw)
    }
  }
  return args
}
