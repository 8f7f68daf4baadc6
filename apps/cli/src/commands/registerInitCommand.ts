import type { Command } from 'commander'
import type { CommandContext } from '../cli/CommandContext.js'

export function registerInitCommand(program: Command, _context: CommandContext): void {
  program.command('init').description('todo')
}
