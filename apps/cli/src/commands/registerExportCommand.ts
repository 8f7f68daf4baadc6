import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { ExitCode } from '../cli/ExitCode.js'
import { UsageError } from '../cli/UsageError.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import type { ExportJson } from '../json/ExportJsonSchema.js'
import { toJsonLine } from '../output/toJsonLine.js'

interface ExportFlags {
  namespace?: string
  all?: boolean
  withVectors?: boolean
  output?: string
  json?: boolean
}

/** Records written between waits for the reader: what is in flight stays a few MB whatever the size. */
const DRAIN_EVERY = 64

export function registerExportCommand(program: Command, context: CommandContext): void {
  addExamples(addNamespaceOption(program.command('export')), [
    [
      'hand a user their memories (JSON lines, every field)',
      'agent-memory export --namespace ada -o ada.jsonl',
    ],
    [
      'the whole store with its vectors, for a move to PostgreSQL (then: agent-memory import store.jsonl --database-url …)',
      'agent-memory export --all --with-vectors -o store.jsonl',
    ],
  ])
    .description(
      'write every memory of a namespace (or of all) as JSON lines: a header, then one record per memory',
    )
    .option('--all', 'every namespace of the store')
    .option(
      '--with-vectors',
      'include the memory and chunk vectors (an import by the same embedder reuses them)',
    )
    .option(
      '-o, --output <file>',
      'write to this file (written whole, then renamed into place) instead of stdout',
    )
    .option('--json', 'print a summary as JSON (on stderr when the records go to stdout)')
    .action(async (flags: ExportFlags) => {
      if (flags.all === true && flags.namespace !== undefined) {
        throw new UsageError('pass either --namespace or --all, not both')
      }
      const single = flags.all === true ? undefined : resolveNamespace(flags.namespace, context.env)
      const { memory, store } = await context.open({ readsOnly: true })
      const namespaces = single === undefined ? await store.namespaces() : [single]
      const file = flags.output === undefined ? null : path.resolve(context.cwd, flags.output)
      const partial = file === null ? null : `${file}.partial`
      const stream = partial === null ? null : createWriteStream(partial, { flags: 'w', mode: 0o600 })
      const write = async (text: string, flush: boolean) => {
        if (stream === null) {
          context.io.out(text)
          if (flush) await context.io.outDrained?.()
        } else if (!stream.write(text) || flush) {
          if (stream.writableNeedDrain)
            await new Promise<void>((resolve) => stream.once('drain', () => resolve()))
        }
      }
      let memories = 0
      try {
        for await (const record of memory.exportNamespace(namespaces, {
          vectors: flags.withVectors === true,
        })) {
          if (context.signal.aborted) break
          if (record.type === 'memory') memories += 1
          await write(`${JSON.stringify(record)}\n`, memories % DRAIN_EVERY === 0)
        }
        if (stream !== null)
          await new Promise<void>((resolve, reject) =>
            stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
          )
      } catch (error) {
        stream?.destroy()
        if (partial !== null) await rm(partial, { force: true })
        throw error
      }
      if (context.signal.aborted) {
        if (partial !== null) await rm(partial, { force: true })
        context.exitCode = ExitCode.interrupted
        return
      }
      if (file !== null && partial !== null) await rename(partial, file)
      const summary: ExportJson = {
        version: 1,
        command: 'export',
        namespaces,
        memories,
        vectors: flags.withVectors === true,
        file,
      }
      if (flags.json === true) {
        if (file === null) context.io.err(toJsonLine(summary))
        else context.io.out(toJsonLine(summary))
      } else {
        const where = file === null ? '' : ` to ${file}`
        context.io.err(
          `exported ${memories} memories of ${namespaces.length} namespace${namespaces.length === 1 ? '' : 's'}${where}\n`,
        )
      }
    })
}
