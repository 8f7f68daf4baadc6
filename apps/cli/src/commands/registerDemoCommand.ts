import type { Command } from 'commander'
import type { CommandContext } from '../cli/CommandContext.js'

export function registerDemoCommand(program: Command, _context: CommandContext): void {
  program.command('demo').description('todo')
}
