import type { Command } from 'commander'
import type { CommandContext } from '../cli/CommandContext.js'

export function registerReembedCommand(program: Command, _context: CommandContext): void {
  program.command('reembed').description('todo')
}
