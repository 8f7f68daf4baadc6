import type { Command } from 'commander'

/** Appends an "Examples:" section to a command's help: what each does, then the command line. */
export function addExamples(
  command: Command,
  examples: ReadonlyArray<readonly [what: string, line: string]>,
): Command {
  const text = examples.map(([what, line]) => `  # ${what}\n  $ ${line}`).join('\n')
  return command.addHelpText('after', `\nExamples:\n${text}\n`)
}
