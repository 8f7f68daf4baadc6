import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import { addSweepIntervalOption } from '../cli/addSweepIntervalOption.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { integerIn } from '../cli/parsers/integerIn.js'
import { type InspectorFlags, runInspector } from '../ui/runInspector.js'

export function registerUiCommand(program: Command, context: CommandContext): void {
  addExamples(addSweepIntervalOption(program.command('ui')), [
    ['open the inspector on the embedded store (prints the URL with its token)', 'agent-memory ui'],
    [
      'on a fixed port, against PostgreSQL',
      'agent-memory ui --port 7777 --database-url postgres://me@localhost/app',
    ],
  ])
    .description(
      'open the web inspector on 127.0.0.1 (prints the address with its access token) until stopped',
    )
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--port <n>', 'port (default: a free one)', integerIn(0, 65_535), 0)
    .option('--allow-remote', 'allow a non-loopback --host (other machines can then connect with the token)')
    .action((flags: InspectorFlags) => runInspector(context, flags))
}
