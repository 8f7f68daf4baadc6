import { EmbeddingError } from '@agent-memory/core'
import type { CliConfig } from '../config/CliConfig.js'
import { createEmbedder } from '../open/createEmbedder.js'
import type { DoctorCheck } from './DoctorCheck.js'

/** How long the one test request may take, retries included. */
const REQUEST_TIMEOUT_MS = 15_000

/** A message safe to print: the key replaced wherever a server or a library repeated it. */
function withoutKey(text: string, apiKey: string | undefined): string {
  return apiKey === undefined || apiKey === '' ? text : text.replaceAll(apiKey, '[REDACTED]')
}

function fixFor(error: unknown, baseUrl: string | undefined): string {
  const status = EmbeddingError.isInstance(error) ? error.status : undefined
  if (status === 401 || status === 403) {
    return baseUrl === undefined
      ? 'the server refused the API key: set OPENROUTER_API_KEY to a valid OpenRouter key (openrouter.ai/keys)'
      : 'the server refused the API key: set OPENROUTER_API_KEY to a key this server accepts'
  }
  if (status === 402) return 'the account has no credit left: top it up, or use --embedder hashing offline'
  if (status === 404 || status === 400) {
    return 'the server does not know this model or request: check --model and --dimensions against what it serves'
  }
  return 'check --base-url and the network (is the server up and reachable from here?), then run agent-memory doctor again'
}

/**
 * The configured embedder: that the flags and environment resolve to one (`config` may throw a
 * usage error), and that it answers one tiny request with a vector of its width. The API key is
 * never printed: messages pass through `withoutKey`.
 */
export async function inspectEmbedder(
  config: () => CliConfig,
): Promise<{ checks: DoctorCheck[]; identity?: { model: string; dimensions: number } }> {
  let choice: CliConfig['embedder']
  let created: Awaited<ReturnType<typeof createEmbedder>>
  try {
    choice = config().embedder
    created = await createEmbedder(choice)
  } catch (error) {
    return {
      checks: [
        {
          name: 'embedder',
          status: 'fail',
          detail: error instanceof Error ? error.message : String(error),
          fix: 'set the embedder flags or environment as the message says',
        },
        { name: 'embedder-reachable', status: 'skip', detail: 'no embedder is configured' },
      ],
    }
  }
  const { embedder, description } = created
  const identity = { model: embedder.model, dimensions: embedder.dimensions }
  const configured: DoctorCheck = { name: 'embedder', status: 'ok', detail: description }
  if (choice.kind === 'hashing') {
    return {
      checks: [configured, { name: 'embedder-reachable', status: 'ok', detail: 'offline: nothing to reach' }],
      identity,
    }
  }
  const apiKey = choice.kind === 'openrouter' ? choice.apiKey : undefined
  const baseUrl = choice.kind === 'openrouter' ? choice.baseUrl : undefined
  try {
    const [vector] = await embedder.embed(['agent-memory doctor'], {
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      timeoutMs: REQUEST_TIMEOUT_MS,
    })
    if (vector?.length !== embedder.dimensions) {
      return {
        checks: [
          configured,
          {
            name: 'embedder-reachable',
            status: 'fail',
            detail: `the server answered with ${vector?.length ?? 0} dimensions instead of ${embedder.dimensions}`,
            fix: 'pass the --dimensions the model gives',
          },
        ],
        identity,
      }
    }
    return {
      checks: [
        configured,
        { name: 'embedder-reachable', status: 'ok', detail: 'answered a one-text request' },
      ],
      identity,
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return {
      checks: [
        configured,
        {
          name: 'embedder-reachable',
          status: 'fail',
          detail: withoutKey(`the embedder failed a one-text request: ${message}`, apiKey),
          fix:
            choice.kind === 'use'
              ? 'the offline model did not load: reinstall @agent-memory/embedder-use, or use --embedder hashing'
              : fixFor(error, baseUrl),
        },
      ],
      identity,
    }
  }
}
