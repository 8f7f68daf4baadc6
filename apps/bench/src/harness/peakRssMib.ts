import { readFileSync } from 'node:fs'

const MIB = 1024 * 1024

/**
 * A process's peak RSS in MiB (this one's, or the live process `pid`'s): the kernel's high-water
 * mark of its own memory, `VmHWM`. Not `process.resourceUsage().maxRSS`: Linux carries the
 * spawning process's high-water mark into a child started by fork and exec, so a small child of
 * a large bench process reports the bench's. Where there is no `/proc` (not Linux), this
 * process's `maxRSS`, which has no such inheritance elsewhere.
 */
export function peakRssMib(pid: number | 'self' = 'self'): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB$/mu)
    if (line !== null) return (Number(line[1]) * 1024) / MIB
  } catch (error) {
    if (pid !== 'self') throw error
  }
  if (pid !== 'self') throw new Error(`no VmHWM for process ${pid}`)
  return (process.resourceUsage().maxRSS * 1024) / MIB
}
