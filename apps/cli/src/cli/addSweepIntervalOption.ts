import type { Command } from 'commander'
import { integerIn } from './parsers/integerIn.js'

const WEEK_SECONDS = 7 * 86_400

/**
 * `--sweep-interval <seconds>` for the long-running commands (`serve`, `mcp`, `ui`): remove expired
 * memories for good every this many seconds while the command runs (the service's
 * `sweepIntervalMs`). Off by default like the library's: a sweep deletes, so a server opts in.
 */
export function addSweepIntervalOption(command: Command): Command {
  return command.option(
    '--sweep-interval <seconds>',
    'remove expired memories for good every this many seconds while running (default: off)',
    integerIn(1, WEEK_SECONDS),
  )
}
