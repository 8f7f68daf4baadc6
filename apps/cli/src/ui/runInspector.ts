import type { CommandContext } from '../cli/CommandContext.js'
import { ExitCode } from '../cli/ExitCode.js'
import { sweepIntervalOption } from '../cli/sweepIntervalOption.js'
import { UsageError } from '../cli/UsageError.js'
import { untilStopped } from '../serve/untilStopped.js'
import { assertInspectorBind, InspectorBindError } from './assertInspectorBind.js'

export interface InspectorFlags {
  host: string
  port: number
  allowRemote?: boolean
  /** `--sweep-interval`: seconds between expiry sweeps while the inspector runs; off when absent. */
  sweepInterval?: number
}

/**
 * `agent-memory ui` (and `serve --ui`): opens the store (serving an embedded directory to other
 * commands meanwhile, or using the server that already holds it), then the inspector until Ctrl-C.
 */
export async function runInspector(context: CommandContext, flags: InspectorFlags): Promise<void> {
  // Refused before anything is opened.
  try {
    assertInspectorBind(flags.host, flags.allowRemote === true)
  } catch (error) {
    if (error instanceof InspectorBindError) throw new UsageError(error.message)
    throw error
  }
  const { startInspector } = await import('./startInspector.js')
  const { directorySize } = await import('../open/directorySize.js')
  const opened = await context.open({ serve: true, ...sweepIntervalOption(flags.sweepInterval) })
  const target = context.config().store
  const inspector = await startInspector(
    {
      memory: opened.memory,
      store: opened.store,
      embedder: opened.embedder,
      storeDescription: opened.storeDescription,
      ...(target.kind === 'embedded' ? { dataDirBytes: () => directorySize(target.dataDir) } : {}),
    },
    { host: flags.host, port: flags.port, allowRemote: flags.allowRemote === true },
  )
  // The address goes to stdout (scripts read it); the rest to stderr.
  context.io.out(`${inspector.url}\n`)
  context.io.err(
    'agent-memory ui: open the address above in a browser (it carries the access token); Ctrl-C stops\n',
  )
  await untilStopped(context.signal)
  await inspector.close()
  context.io.err('agent-memory ui: stopped\n')
  context.exitCode = ExitCode.ok
}
