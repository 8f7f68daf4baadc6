import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import type { CommandContext } from '../cli/CommandContext.js'

export function registerDemoCommand(program: Command, context: CommandContext): void {
  addExamples(program.command('demo'), [
    ['a walkthrough on a temporary store, removed at the end', 'agent-memory demo'],
    ['keep the demo store to try commands on it', 'agent-memory demo --keep'],
  ])
    .description('a scripted walkthrough on a fresh temporary embedded store (offline, nothing kept)')
    .option('--keep', 'keep the temporary data directory and print where it is')
    .action(async (flags: { keep?: boolean }) => {
      const { io } = context
      // Imported here, not at the top: only this command pays for the store and the tool (see runCli).
      const [{ runDemo }, { openMemory }] = await Promise.all([
        import('../demo/runDemo.js'),
        import('../open/openMemory.js'),
      ])
      const dataDir = await mkdtemp(path.join(tmpdir(), 'agent-memory-demo-'))
      let debug = false
      try {
        debug = context.config().debug
      } catch {
        // The demo ignores the store and embedder settings, so a bad combination of them is no reason to fail.
      }
      try {
        const opened = await openMemory(
          { store: { kind: 'embedded', dataDir }, embedder: { kind: 'hashing' }, debug },
          { log: (line) => io.err(`debug: ${line}\n`), searchesOften: true },
        )
        try {
          io.out('agent-memory demo\n')
          io.out(
            `store     ${opened.storeDescription} (fresh, ${flags.keep === true ? 'kept' : 'removed at the end'})\n`,
          )
          io.out(`embedder  ${opened.embedderDescription}\n`)
          io.err(`agent-memory: ${opened.storeDescription}; embedder ${opened.embedderDescription}\n`)
          await runDemo({ io, memory: opened.memory, signal: context.signal })
        } finally {
          await opened.close()
        }
        io.out(
          flags.keep === true
            ? `Done. The store is kept: agent-memory search "lentil soup" --namespace alice --data-dir ${dataDir}\n`
            : 'Done. The temporary store is removed. Try it on your own notes:\n' +
                '  agent-memory remember "I prefer short answers" --namespace me\n' +
                '  agent-memory ingest ./notes --namespace me\n' +
                '  agent-memory search "how do I like answers?" --namespace me\n',
        )
      } finally {
        if (flags.keep !== true) await rm(dataDir, { recursive: true, force: true })
      }
    })
}
