import { createReadStream } from 'node:fs'
import path from 'node:path'
import { namespaceProblems } from '@agent-memory/core/checks'
import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { ExitCode } from '../cli/ExitCode.js'
import { UsageError } from '../cli/UsageError.js'
import { readImportRecords } from '../data/readImportRecords.js'
import type { ImportJson } from '../json/ImportJsonSchema.js'
import { writeJson } from '../output/writeJson.js'

interface ImportFlags {
  namespace?: string
  json?: boolean
}

export function registerImportCommand(program: Command, context: CommandContext): void {
  addExamples(
    program
      .command('import')
      .argument('<file>', 'a file written by agent-memory export, or - for standard input'),
    [
      [
        'put an export back (ids, history and validity kept; a second run changes nothing)',
        'agent-memory import ada.jsonl',
      ],
      ["load one user's file into another namespace", 'agent-memory import ada.jsonl --namespace ada-copy'],
      [
        'move a whole embedded store to PostgreSQL (written by export --all --with-vectors)',
        'agent-memory import store.jsonl --database-url postgres://localhost/app',
      ],
    ],
  )
    .description('write the memories of an export back, idempotent by id; bad lines are named and skipped')
    .option('-n, --namespace <ns>', 'put every memory of the file into this namespace instead of its own')
    .option('--json', 'print the summary as JSON')
    .action(async (file: string, flags: ImportFlags) => {
      if (flags.namespace !== undefined) {
        const problems = namespaceProblems(flags.namespace)
        if (problems.length > 0) throw new UsageError(`invalid namespace: ${problems.join('; ')}`)
      }
      const name = file === '-' ? 'stdin' : path.resolve(context.cwd, file)
      const input =
        file === '-' ? process.stdin.setEncoding('utf8') : createReadStream(name, { encoding: 'utf8' })
      // A missing or unreadable file fails here, before the store is opened.
      if (file !== '-') {
        await new Promise<void>((resolve, reject) => {
          input.once('readable', () => resolve())
          input.once('error', reject)
        })
      }
      const { memory } = await context.open()
      const { records, lines, unreadable } = readImportRecords(input as AsyncIterable<string>)
      const summary = await memory.importRecords(
        records,
        flags.namespace === undefined ? {} : { namespace: flags.namespace },
      )
      const skipped = [
        ...unreadable,
        ...summary.skipped.map((skip) => ({
          line: lines[skip.record - 1]!,
          ...(skip.id === undefined ? {} : { id: skip.id }),
          reason: skip.reason,
        })),
      ].sort((a, b) => a.line - b.line)
      if (skipped.length > 0) context.exitCode = ExitCode.failure
      if (flags.json === true) {
        writeJson<ImportJson>(context.io, {
          version: 1,
          command: 'import',
          file: name,
          inserted: summary.inserted,
          updated: summary.updated,
          unchanged: summary.unchanged,
          skipped,
          pendingEmbed: summary.pendingEmbed,
          pendingReason: summary.pendingReason,
          namespaces: summary.namespaces,
        })
        return
      }
      const label = file === '-' ? 'stdin' : file
      for (const skip of skipped) context.io.err(`${label}:${skip.line}: skipped: ${skip.reason}\n`)
      const parts = [
        `${summary.inserted} new`,
        `${summary.updated} updated`,
        `${summary.unchanged} unchanged`,
      ]
      if (skipped.length > 0) parts.push(`${skipped.length} skipped`)
      context.io.out(
        `imported into ${summary.namespaces.length} namespace${summary.namespaces.length === 1 ? '' : 's'}: ${parts.join(', ')}\n`,
      )
      if (summary.pendingEmbed > 0) {
        context.io.out(
          `${summary.pendingEmbed} memories wait for a vector: ${summary.pendingReason} (agent-memory repair embeds them now)\n`,
        )
      }
    })
}
