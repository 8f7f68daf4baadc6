import { createReadStream } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { ExitCode } from '../cli/ExitCode.js'
import { UsageError } from '../cli/UsageError.js'
import { readImportRecords } from '../data/readImportRecords.js'
import { toJsonLine } from '../output/toJsonLine.js'

export function registerRestoreCommand(program: Command, context: CommandContext): void {
  addExamples(program.command('restore').argument('<file>', 'a file written by agent-memory backup'), [
    [
      'restore a backup into a new data directory',
      'agent-memory restore memory-backup.jsonl --data-dir ./restored',
    ],
    [
      'the same, with a summary as JSON',
      'agent-memory restore memory-backup.jsonl --data-dir ./restored --json',
    ],
  ])
    .description('restore a backup into an empty embedded data directory (for PostgreSQL, use import)')
    .option('--json', 'print a summary as JSON')
    .action(async (file: string, flags: { json?: boolean }) => {
      const config = context.config()
      if (config.store.kind !== 'embedded') {
        throw new UsageError(
          'restore writes a new embedded data directory: for PostgreSQL use agent-memory import <file>',
        )
      }
      const entries = await readdir(config.store.dataDir).catch(() => [] as string[])
      if (entries.length > 0) {
        throw new UsageError(
          `the data directory ${config.store.dataDir} is not empty: restore into a new one with --data-dir (nothing was written)`,
        )
      }
      const name = path.resolve(context.cwd, file)
      const input = createReadStream(name, { encoding: 'utf8' })
      await new Promise<void>((resolve, reject) => {
        input.once('readable', () => resolve())
        input.once('error', reject)
      })
      const { memory } = await context.open()
      const { records, lines, unreadable } = readImportRecords(input as AsyncIterable<string>)
      const summary = await memory.importRecords(records)
      const skipped = [
        ...unreadable,
        ...summary.skipped.map((skip) => ({ line: lines[skip.record - 1]!, reason: skip.reason })),
      ].sort((a, b) => a.line - b.line)
      if (skipped.length > 0) context.exitCode = ExitCode.failure
      for (const skip of skipped) context.io.err(`${file}:${skip.line}: skipped: ${skip.reason}\n`)
      const restored = summary.inserted + summary.updated + summary.unchanged
      if (flags.json === true) {
        context.io.out(
          toJsonLine({
            version: 1,
            command: 'restore',
            file: name,
            dataDir: config.store.dataDir,
            memories: restored,
            namespaces: summary.namespaces,
            skipped,
            pendingEmbed: summary.pendingEmbed,
          }),
        )
      } else {
        context.io.out(
          `restored ${restored} memories of ${summary.namespaces.length} namespaces into ${config.store.dataDir}\n`,
        )
      }
    })
}
