import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import type { CommandContext } from '../cli/CommandContext.js'
import type { GlobalOptions } from '../config/GlobalOptions.js'
import { formatDoctorCheck } from '../doctor/formatDoctorCheck.js'
import { runDoctor } from '../doctor/runDoctor.js'
import type { DoctorJson } from '../json/DoctorJsonSchema.js'
import { toStoreJson } from '../output/toStoreJson.js'
import { writeJson } from '../output/writeJson.js'

export function registerDoctorCommand(program: Command, context: CommandContext): void {
  addExamples(program.command('doctor'), [
    ['check the embedded store and the configured embedder', 'agent-memory doctor'],
    [
      'check a PostgreSQL database, as JSON',
      'agent-memory doctor --database-url postgres://me@localhost/app --json',
    ],
  ])
    .description(
      'check the setup (Node, data directory, PGlite or PostgreSQL and pgvector, migrations, buffer pool, autovacuum, embedder) and say how to fix what is wrong',
    )
    .option('--json', 'print the checks as JSON')
    .action(async (flags: { json?: boolean }, command: Command) => {
      const report = await runDoctor(command.optsWithGlobals<GlobalOptions>(), context.env, context.cwd)
      const healthy = report.checks.every((check) => check.status !== 'fail')
      context.exitCode = healthy ? 0 : 1
      if (flags.json === true) {
        writeJson<DoctorJson>(context.io, {
          version: 1,
          command: 'doctor',
          store: toStoreJson(report.store),
          healthy,
          checks: report.checks,
        })
        return
      }
      const failed = report.checks.filter((check) => check.status === 'fail').length
      context.io.out(
        `${report.checks.map(formatDoctorCheck).join('\n')}\n\n${
          healthy
            ? 'All checks passed.'
            : `${failed} check${failed === 1 ? '' : 's'} failed: see the fixes above.`
        }\n`,
      )
    })
}
