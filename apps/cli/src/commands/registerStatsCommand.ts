import type { Command } from 'commander'
import type { CommandContext } from '../cli/CommandContext.js'

export function registerStatsCommand(program: Command, _context: CommandContext): void {
  program.command('stats').description('todo')
}
