/** An absolute path, as a shell argument (up to the next space or quote). */
const ABSOLUTE_PATH = /(?<=^|[\s=])\/[^\s'";]+/g

/**
 * A command line or a file name as the report prints it: every absolute path becomes
 * `path/to/<its last part>`, so the report shows what to type, not the directories of the machine
 * that ran it (`--out /srv/runs/bench468` reads `--out path/to/bench468`).
 */
export function portableCommand(command: string): string {
  return command.replace(ABSOLUTE_PATH, (found) => {
    const last = found.replace(/\/+$/, '').split('/').at(-1)
    return last === undefined || last === '' ? 'path/to/dir' : `path/to/${last}`
  })
}
