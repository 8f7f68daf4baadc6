import { execFileSync } from 'node:child_process'

const NOBODY = 65534
const DROP_FILE_CAPABILITIES = '--bounding-set=-dac_override,-dac_read_search,-fowner'

export interface UnprivilegedCommand {
  file: string
  args: string[]
  /** Spawn options: `uid`/`gid` when it runs as `nobody`. */
  options: { uid?: number; gid?: number }
  /** It runs as `nobody`: files it must own need `chown 65534`. */
  asNobody: boolean
}

let setprivWorks: boolean | undefined

/**
 * `command` as a user that file permissions bind. Root ignores them, so as root it runs without
 * the capabilities that bypass them (util-linux `setpriv`): still root, owner of what root made,
 * refused like any owner without write permission, and able to read a checkout wherever it is
 * (a clone under a 0700 `mktemp -d` too). Without `setpriv`, as `nobody`. Others run as themselves.
 */
export function asUnprivileged(command: readonly string[]): UnprivilegedCommand {
  const [file, ...args] = command as [string, ...string[]]
  if (process.getuid?.() !== 0) return { file, args, options: {}, asNobody: false }
  setprivWorks ??= (() => {
    try {
      execFileSync('setpriv', [DROP_FILE_CAPABILITIES, 'true'], { stdio: 'ignore' })
      return true
    } catch {
      return false
    }
  })()
  return setprivWorks
    ? { file: 'setpriv', args: [DROP_FILE_CAPABILITIES, file, ...args], options: {}, asNobody: false }
    : { file, args, options: { uid: NOBODY, gid: NOBODY }, asNobody: true }
}
