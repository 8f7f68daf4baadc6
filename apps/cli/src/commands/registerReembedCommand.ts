import { createMemory, DimensionMismatchError, type RepairReport } from '@agent-memory/core'
import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { ExitCode } from '../cli/ExitCode.js'
import { integerIn } from '../cli/parsers/integerIn.js'
import type { ReembedJson } from '../json/ReembedJsonSchema.js'
import type { OpenedStore } from '../open/OpenedStore.js'
import { writeJson } from '../output/writeJson.js'
import { createProgressReporter } from '../progress/createProgressReporter.js'

/**
 * Switches the store to the configured embedder. Step 1 (only when the recorded embedder differs):
 * `resetForReembed` drops every vector, queues every memory for repair and forgets the recorded
 * embedder; the store is then reopened for the new one (a change of width retypes the now empty
 * vector columns). Step 2: drain the repair queue with the new embedder. Interrupted anywhere,
 * running it again resumes: step 1 is skipped once the new embedder is recorded, and step 2 picks
 * up the memories still pending.
 */
async function switchEmbedder(
  context: CommandContext,
  model: string,
  dimensions: number,
): Promise<{ opened: OpenedStore; queued: number; previous?: string }> {
  const target = context.config().store
  // The store and its drivers load only for the commands that open one (see runCli).
  const { openStore } = await import('../open/openStore.js')
  const migrate = target.kind === 'postgres'
  try {
    return { opened: await openStore(target, { model, dimensions, migrate }), queued: 0 }
  } catch (error) {
    if (!DimensionMismatchError.isInstance(error)) throw error
    const recorded = error.recorded
    const previous = `${recorded.model ?? 'an unrecorded model'} (${recorded.dimensions} dimensions)`
    const old = await openStore(target, { dimensions: recorded.dimensions })
    let queued: number
    try {
      queued = await old.store.resetForReembed()
    } finally {
      await old.close()
    }
    // No vector is left and no embedder recorded: opening for the new one records it.
    const opened = await openStore(target, { model, dimensions, migrate: true })
    return { opened, queued, previous }
  }
}

export function registerReembedCommand(program: Command, context: CommandContext): void {
  addExamples(program.command('reembed'), [
    [
      'switch the store to OpenRouter embeddings (OPENROUTER_API_KEY set)',
      'agent-memory reembed --embedder openrouter',
    ],
    [
      'switch to a local OpenAI-compatible server and model',
      'agent-memory reembed --base-url http://localhost:11434/v1 --model nomic-embed-text --dimensions 768',
    ],
  ])
    .description(
      're-embed every memory after an embedder change (resumable: run it again after an interruption)',
    )
    .option('--batch <n>', 'memories embedded per pass, 1 to 1000', integerIn(1, 1000), 64)
    .option('--json', 'print the totals as JSON')
    .action(async (flags: { batch: number; json?: boolean }) => {
      const { io } = context
      const { createEmbedder } = await import('../open/createEmbedder.js')
      const { embedder, description } = await createEmbedder(context.config().embedder)
      const { opened, queued, previous } = await switchEmbedder(context, embedder.model, embedder.dimensions)
      const total: RepairReport = { claimed: 0, repaired: 0, discarded: 0, failed: 0, parked: 0, released: 0 }
      let remaining = 0
      try {
        io.err(`agent-memory: ${opened.description}; embedder ${description}\n`)
        if (previous !== undefined) io.err(`reembed: switched from ${previous}; ${queued} memories queued\n`)
        const memory = createMemory({ store: opened.store, embedder })
        const pending = (await opened.store.repairStats()).pending
        const progress = createProgressReporter({ io, label: 'reembed', unit: 'memories', total: pending })
        while (!context.signal.aborted) {
          const report = await memory.repair({ limit: flags.batch })
          for (const key of Object.keys(total) as Array<keyof RepairReport>) total[key] += report[key]
          progress.advance(report.repaired)
          if (report.claimed === 0 || report.repaired + report.discarded === 0) break
        }
        remaining = (await opened.store.repairStats()).pending
        const summary = `${total.repaired} re-embedded, ${remaining} still pending, ${total.parked} parked`
        progress.finish(
          context.signal.aborted
            ? `interrupted: ${summary}. Run agent-memory reembed again to continue.`
            : remaining > 0
              ? `${summary}: the embedder failed for some; run agent-memory reembed again later.`
              : `done: ${summary}.`,
        )
      } finally {
        await opened.close()
      }
      if (flags.json === true) {
        writeJson<ReembedJson>(context.io, {
          version: 1,
          command: 'reembed',
          model: embedder.model,
          dimensions: embedder.dimensions,
          queued,
          ...total,
          remaining,
        })
      }
      if (context.signal.aborted) context.exitCode = ExitCode.interrupted
      else if (remaining > 0 || total.parked > 0) context.exitCode = ExitCode.failure
    })
}
