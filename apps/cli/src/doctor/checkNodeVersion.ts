import type { DoctorCheck } from './DoctorCheck.js'

/** The oldest Node the packages declare in `engines` (`require(esm)` and the Web APIs they use). */
const MINIMUM = [20, 19, 0] as const

/** Whether `version` (`process.versions.node`) is at least Node 20.19. */
export function checkNodeVersion(version: string): DoctorCheck {
  const parts = version.split('.').map((part) => Number.parseInt(part, 10))
  let atLeast = true
  for (let index = 0; index < MINIMUM.length; index += 1) {
    const part = parts[index] ?? 0
    if (part !== MINIMUM[index]) {
      atLeast = part > MINIMUM[index]!
      break
    }
  }
  return atLeast
    ? { name: 'node', status: 'ok', detail: `Node ${version}` }
    : {
        name: 'node',
        status: 'fail',
        detail: `Node ${version} is older than ${MINIMUM.slice(0, 2).join('.')}`,
        fix: 'install Node 20.19 or newer (an LTS release: 20, 22 or 24)',
      }
}
