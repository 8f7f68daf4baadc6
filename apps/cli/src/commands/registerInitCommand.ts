import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { integerIn } from '../cli/parsers/integerIn.js'
import { UsageError } from '../cli/UsageError.js'
import type { InitJson } from '../json/InitJsonSchema.js'
import { toStoreJson } from '../output/toStoreJson.js'
import { writeJson } from '../output/writeJson.js'

export function registerInitCommand(program: Command, context: CommandContext): void {
  addExamples(program.command('init'), [
    ['create the embedded store in ./.agent-memory', 'agent-memory init'],
    [
      'apply the migrations to PostgreSQL once, before other commands',
      'agent-memory init --database-url postgres://me@localhost/app',
    ],
    [
      'past one server: distribute the store by namespace on a Citus cluster (its coordinator)',
      'agent-memory init --citus --database-url postgres://me@coordinator/app',
    ],
    [
      'PostgreSQL with hundreds of namespaces large enough for their own index: split the tables',
      'agent-memory init --database-url postgres://me@localhost/app --partitions 32',
    ],
  ])
    .description('create or migrate the store; prints where it is and which embedder it records')
    .option(
      '--partitions <n>',
      'PostgreSQL: hash-partition the tables by namespace into n parts (2-1024), so a statement opens only ' +
        "its namespace's part and indexes; moves existing rows, and the count is fixed once chosen",
      integerIn(2, 1024),
    )
    .option(
      '--citus',
      "PostgreSQL on a Citus coordinator: distribute the store's tables by namespace across the workers " +
        '(an empty store; ids are then unique per namespace); later commands find it distributed',
    )
    .option('--json', 'print the result as JSON')
    .action(async (flags: { json?: boolean; partitions?: number; citus?: boolean }) => {
      const citus = flags.citus === true
      if (citus && context.config().store.kind !== 'postgres') {
        throw new UsageError('--citus distributes PostgreSQL tables on a Citus coordinator (--database-url)')
      }
      if (citus && flags.partitions !== undefined) {
        throw new UsageError(
          '--citus and --partitions do not go together: Citus splits the tables by namespace',
        )
      }
      const partitions = flags.partitions
      if (partitions !== undefined && context.config().store.kind !== 'postgres') {
        throw new UsageError(
          '--partitions splits PostgreSQL tables (--database-url); the embedded store keeps one table',
        )
      }
      const opened = await context.open({
        migrate: true,
        announce: false,
        brief: true,
        ...(partitions === undefined ? {} : { partitions }),
        ...(citus ? { citus } : {}),
      })
      const recorded = await opened.store.recordedEmbedder()
      if (flags.json === true) {
        writeJson<InitJson>(context.io, {
          version: 1,
          command: 'init',
          store: toStoreJson(context.config().store, opened.servedBy),
          embedder: recorded,
          ...(partitions === undefined ? {} : { partitions }),
        })
        return
      }
      context.io.out(`store ready: ${opened.storeDescription}\n`)
      if (partitions !== undefined)
        context.io.out(`tables: hash-partitioned by namespace into ${partitions} parts\n`)
      if (citus) context.io.out('tables: distributed by namespace on Citus\n')
      context.io.out(`embedder: ${opened.embedderDescription}\n`)
      if (recorded !== null) {
        context.io.out(
          `recorded by the store: ${recorded.model ?? '(no model)'} (${recorded.dimensions} dimensions)\n`,
        )
      }
    })
}
