import { readdirSync, readlinkSync } from 'node:fs'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let collect: (() => void) | undefined

/** A full garbage collection, without `--expose-gc` on the command line. */
export function collectGarbage(): void {
  if (collect === undefined) {
    setFlagsFromString('--expose-gc')
    collect = runInNewContext('gc') as () => void
  }
  collect()
}

/** Open file descriptors of this process (Linux `/proc`; 0 where there is none). */
export function openDescriptors(): number {
  try {
    return readdirSync('/proc/self/fd').length
  } catch {
    return 0
  }
}

/** What each open descriptor points at (`socket:[…]`, a path), for naming the ones a run left open. */
export function descriptorTargets(): Map<string, string> {
  const targets = new Map<string, string>()
  try {
    for (const fd of readdirSync('/proc/self/fd')) {
      try {
        targets.set(fd, readlinkSync(`/proc/self/fd/${fd}`))
      } catch {
        // closed between the listing and the look-up
      }
    }
  } catch {
    // no /proc
  }
  return targets
}
