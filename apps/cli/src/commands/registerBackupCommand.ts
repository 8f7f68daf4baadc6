import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { EXPORT_FORMAT_VERSION, type ExportHeader, toExportMemory } from '@agent-memory/core'
import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { toJsonLine } from '../output/toJsonLine.js'

export function registerBackupCommand(program: Command, context: CommandContext): void {
  addExamples(program.command('backup').argument('<file>', 'where to write the backup (JSON lines)'), [
    [
      'a consistent copy of the whole store, even while mcp, serve or ui holds it',
      'agent-memory backup memory-backup.jsonl',
    ],
    ['the same, with a summary as JSON', 'agent-memory backup memory-backup.jsonl --json'],
  ])
    .description('write a consistent copy of every memory, vectors included, read in one transaction')
    .option('--json', 'print a summary as JSON')
    .action(async (file: string, flags: { json?: boolean }) => {
      const target = path.resolve(context.cwd, file)
      const partial = `${target}.partial`
      const { store, embedder } = await context.open({ readsOnly: true })
      const header: ExportHeader = {
        type: 'header',
        format: 'agent-memory-export',
        version: EXPORT_FORMAT_VERSION,
        exportedAt: new Date().toISOString(),
        embedder: (await store.recordedEmbedder()) ?? { model: embedder.model, dimensions: store.dimensions },
        vectors: true,
      }
      const stream = createWriteStream(partial, { flags: 'w', mode: 0o600 })
      const write = async (text: string) => {
        if (!stream.write(text)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()))
      }
      let copied: { namespaces: string[]; memories: number }
      try {
        await write(`${JSON.stringify(header)}\n`)
        copied = await store.exportSnapshot((row) => write(`${JSON.stringify(toExportMemory(row, true))}\n`))
        await new Promise<void>((resolve, reject) =>
          stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
        )
      } catch (error) {
        stream.destroy()
        await rm(partial, { force: true })
        throw error
      }
      await rename(partial, target)
      if (flags.json === true) {
        context.io.out(toJsonLine({ version: 1, command: 'backup', file: target, ...copied }))
      } else {
        context.io.out(
          `backed up ${copied.memories} memories of ${copied.namespaces.length} namespaces to ${target}\n`,
        )
      }
    })
}
