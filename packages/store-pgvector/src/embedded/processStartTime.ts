import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/**
 * When process `pid` started, as an opaque string comparable only with another value from this
 * function on the same host and boot; `undefined` when the process does not exist or the system
 * does not say. A pid is reused after its process ends, so a pid alone does not identify one.
 */
export function processStartTime(pid: number): string | undefined {
  if (!Number.isInteger(pid) || pid <= 0) return undefined
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      // Field 22 (starttime, clock ticks since boot) counted after the command name, which may hold spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return fields[19] === undefined ? undefined : `ticks:${fields[19]}`
    } catch {
      return undefined
    }
  }
  if (process.platform === 'win32') return undefined
  try {
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2_000,
    }).trim()
    return started === '' ? undefined : `lstart:${started}`
  } catch {
    return undefined
  }
}
