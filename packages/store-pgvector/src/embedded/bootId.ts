import { readFileSync } from 'node:fs'

let cached: string | undefined | null = null

/** This boot of the machine (Linux); `undefined` elsewhere. Every pid of an earlier boot is gone. */
export function bootId(): string | undefined {
  if (cached !== null) return cached
  try {
    cached = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined
  } catch {
    cached = undefined
  }
  return cached
}
