import type { Command } from 'commander'
import type { CommandContext } from './CommandContext.js'

/**
 * One `agent-memory` command as the top-level help lists it, and how to load the whole of it.
 * The summary lets `--help` and `--version` run without importing any command (each pulls in the
 * core library and its schemas); `load` is called only for a command the argument list names.
 */
export interface CommandEntry {
  name: string
  /** The arguments as the help shows them, e.g. `<query>`; empty for none. */
  arguments: string
  description: string
  /** Whether the command has options of its own (the help then shows `[options]`). */
  options: boolean
  load(): Promise<(program: Command, context: CommandContext) => void>
}
