import type { Command } from 'commander'
import type { CommandContext } from '../cli/CommandContext.js'

export function registerMcpCommand(program: Command, _context: CommandContext): void {
  program.command('mcp').description('todo')
}
