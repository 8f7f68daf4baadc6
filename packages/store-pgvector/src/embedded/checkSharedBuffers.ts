import { InvalidArgumentError } from '@agent-memory/core'

const UNIT_KB = { kB: 1, MB: 1024, GB: 1024 * 1024 } as const

/**
 * `sharedBuffers` as PostgreSQL reads it, an integer with its unit, from 128 kB (PostgreSQL's
 * minimum) to 1 GB (PGlite's wasm memory holds the pool beside everything else). Checked before
 * it reaches the server's command line, where anything else would fail the boot with a bare abort.
 */
export function checkSharedBuffers(value: string): void {
  const match = typeof value === 'string' ? /^([1-9][0-9]{0,7})(kB|MB|GB)$/.exec(value) : null
  const kb = match === null ? Number.NaN : Number(match[1]) * UNIT_KB[match[2] as keyof typeof UNIT_KB]
  if (!(kb >= 128 && kb <= 1024 * 1024))
    throw new InvalidArgumentError(
      'sharedBuffers',
      `sharedBuffers must be a size from '128kB' to '1GB' with its unit (kB, MB or GB), like '16MB'; got ${JSON.stringify(String(value).slice(0, 40))}`,
    )
}
