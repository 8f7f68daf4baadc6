import type { Tier } from '@agent-memory/core'
import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import { addTagOption } from '../cli/addTagOption.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { ExitCode } from '../cli/ExitCode.js'
import { tier } from '../cli/parsers/tier.js'
import { tagsFrom } from '../cli/tagsFrom.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import { INGEST_EXTENSIONS } from '../ingest/INGEST_EXTENSIONS.js'
import type { IngestReport } from '../ingest/IngestReport.js'
import { ingestFiles } from '../ingest/ingestFiles.js'
import { walkIngestFiles } from '../ingest/walkIngestFiles.js'
import type { IngestJson } from '../json/IngestJsonSchema.js'
import { writeJson } from '../output/writeJson.js'
import { createProgressReporter } from '../progress/createProgressReporter.js'

interface IngestFlags {
  namespace?: string
  tier?: Tier
  tag?: string[]
  tags?: string[]
  json?: boolean
}

function summarize(report: IngestReport): string {
  const parts = [`${report.inserted} new`, `${report.updated} updated`, `${report.unchanged} unchanged`]
  if (report.reinforced > 0) parts.push(`${report.reinforced} duplicates reinforced`)
  if (report.removed > 0) parts.push(`${report.removed} stale parts removed`)
  if (report.pending > 0) parts.push(`${report.pending} pending embeds (run agent-memory repair)`)
  if (report.skippedFiles.length > 0) parts.push(`${report.skippedFiles.length} files not text, skipped`)
  if (report.problems.length > 0) parts.push(`${report.problems.length} problems`)
  return `${report.filesDone}/${report.files} files: ${parts.join(', ')}`
}

export function registerIngestCommand(program: Command, context: CommandContext): void {
  const command = addNamespaceOption(
    program.command('ingest').argument('<paths...>', 'files and directories (recursive)'),
  )
  addTagOption(command, 'labels added to every memory')
  addExamples(command, [
    ['remember every note in a folder for one user', 'agent-memory ingest ./notes --namespace alice'],
    [
      'ingest a JSON Lines export as episodic memories, tagged',
      'agent-memory ingest export.jsonl -n alice --tier episodic --tag import',
    ],
  ])
  command
    .description(
      `remember the contents of ${INGEST_EXTENSIONS.join(', ')} files; re-runs skip unchanged content`,
    )
    .option('--tier <tier>', 'tier of the memories (default semantic; .jsonl lines may set their own)', tier)
    .option('--json', 'print the report as JSON')
    .action(async (paths: string[], flags: IngestFlags) => {
      const namespace = resolveNamespace(flags.namespace, context.env)
      const tags = tagsFrom(flags)
      const files = await walkIngestFiles(paths, context.cwd)
      const { memory } = await context.open()
      const progress = createProgressReporter({
        io: context.io,
        label: 'ingest',
        unit: 'files',
        total: files.length,
      })
      const report = await ingestFiles({
        memory,
        namespace,
        files,
        progress,
        signal: context.signal,
        ...(flags.tier === undefined ? {} : { tier: flags.tier }),
        ...(tags === undefined ? {} : { tags }),
      })
      for (const skipped of report.skippedFiles) context.io.err(`ingest: warning: skipped ${skipped}\n`)
      for (const problem of report.problems) context.io.err(`ingest: skipped ${problem}\n`)
      if (report.interrupted) {
        progress.finish(
          `interrupted after ${summarize(report)}; everything listed is stored. ` +
            'Run the same command again to continue: unchanged content is skipped.',
        )
        context.exitCode = ExitCode.interrupted
      } else {
        progress.finish(`done, ${summarize(report)}`)
        if (report.problems.length > 0) context.exitCode = ExitCode.failure
      }
      if (flags.json === true) {
        writeJson<IngestJson>(context.io, { version: 1, command: 'ingest', namespace, ...report })
      }
    })
}
