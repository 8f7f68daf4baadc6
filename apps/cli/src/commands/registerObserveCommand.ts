import type { Command } from 'commander'
import { addExamples } from '../cli/addExamples.js'
import { addNamespaceOption } from '../cli/addNamespaceOption.js'
import { CliFailure } from '../cli/CliFailure.js'
import type { CommandContext } from '../cli/CommandContext.js'
import { integerIn } from '../cli/parsers/integerIn.js'
import type { GlobalOptions } from '../config/GlobalOptions.js'
import { resolveNamespace } from '../config/resolveNamespace.js'
import type { ObserveJson } from '../json/ObserveJsonSchema.js'
import { writeJson } from '../output/writeJson.js'

interface ObserveFlags {
  namespace?: string
  chatModel?: string
  chatBaseUrl?: string
  dryRun?: boolean
  maxCandidates?: number
  timeout: number
  json?: boolean
}

export function registerObserveCommand(program: Command, context: CommandContext): void {
  const command = addNamespaceOption(
    program
      .command('observe')
      .argument('<transcript>', 'a conversation: .jsonl (one {role, content} per line) or .json'),
  )
  addExamples(command, [
    [
      'show what a chat model would remember, without writing',
      'agent-memory observe chat.jsonl --namespace ada --chat-model openai/gpt-4o-mini --dry-run',
    ],
    [
      'write it, with a local Ollama model',
      'agent-memory observe chat.json -n ada --chat-model llama3.1 --chat-base-url http://localhost:11434/v1',
    ],
  ])
  command
    .description(
      'extract memories from a conversation with a chat model: add, reinforce, supersede or ignore',
    )
    .option('--chat-model <id>', 'chat model id (env AGENT_MEMORY_CHAT_MODEL), e.g. openai/gpt-4o-mini')
    .option(
      '--chat-base-url <url>',
      'any OpenAI-compatible /chat/completions API, e.g. Ollama (default: --base-url, else OpenRouter)',
    )
    .option('--dry-run', 'show the decisions without writing anything')
    .option('--max-candidates <n>', 'candidate memories per model call, 1 to 50', integerIn(1, 50))
    .option('--timeout <seconds>', 'budget per batch of messages', integerIn(1, 3600), 120)
    .option('--json', 'print the report as JSON')
    .action(async (file: string, flags: ObserveFlags, command: Command) => {
      const namespace = resolveNamespace(flags.namespace, context.env)
      const globals = command.optsWithGlobals<GlobalOptions>()
      const [
        { readTranscript },
        { createChatModel },
        { observe },
        { formatObserveReport },
        { combineObserveReports },
      ] = await Promise.all([
        import('../observe/readTranscript.js'),
        import('../observe/createChatModel.js'),
        import('@agent-memory/observe'),
        import('../observe/formatObserveReport.js'),
        import('../observe/combineObserveReports.js'),
      ])
      const { model, baseUrl } = createChatModel({
        modelId: flags.chatModel ?? context.env.AGENT_MEMORY_CHAT_MODEL,
        baseUrl: flags.chatBaseUrl ?? globals.baseUrl,
        apiKey: context.env.OPENROUTER_API_KEY,
      })
      const messages = await readTranscript(file)
      const { memory } = await context.open()
      context.io.err(
        `agent-memory: chat model ${flags.chatModel ?? context.env.AGENT_MEMORY_CHAT_MODEL} (${baseUrl})\n`,
      )
      // `observe` takes a bounded batch of new messages per call; the rest come back `deferred`.
      // Under --json the batches become one document, printed when the run ends.
      const reports: Awaited<ReturnType<typeof observe>>[] = []
      for (let batch = 0; ; batch++) {
        const report = await observe(memory, namespace, messages as never, {
          model,
          timeoutMs: flags.timeout * 1000,
          signal: context.signal,
          ...(flags.dryRun ? { dryRun: true } : {}),
          ...(flags.maxCandidates === undefined ? {} : { maxCandidates: flags.maxCandidates }),
        })
        reports.push(report)
        if (flags.json !== true) context.io.out(formatObserveReport(report))
        if (report.failure !== undefined) throw new CliFailure(`observe stopped: ${report.failure.message}`)
        // A dry run records nothing, so the next batch would be this one again.
        if (report.messages.deferred === 0 || flags.dryRun === true || batch >= 1000) break
      }
      if (flags.json === true) writeJson<ObserveJson>(context.io, combineObserveReports(reports))
    })
}
