import type { ObserveReport } from './ObserveReport.js'

/**
 * A failure as the report states it: which stage, why, and a fixed sentence. The underlying
 * error's message is not copied (a provider error can quote a request, headers included); its
 * class name is enough to look it up.
 */
export function describeFailure(
  stage: NonNullable<ObserveReport['failure']>['stage'],
  error: unknown,
  callerSignal: AbortSignal | undefined,
  timeout: AbortSignal,
): NonNullable<ObserveReport['failure']> {
  const kind = error instanceof Error ? error.name : typeof error
  const written = stage === 'write' ? 'writing stopped; what is listed was applied' : 'nothing was written'
  if (callerSignal?.aborted)
    return { stage, reason: 'aborted', message: `Aborted by the caller: ${written}.` }
  if (timeout.aborted) return { stage, reason: 'timeout', message: `Timed out: ${written}.` }
  const reason = stage === 'extract' || stage === 'decide' ? 'model_error' : 'memory_error'
  const what = reason === 'model_error' ? 'The model call failed' : 'Memory failed'
  return { stage, reason, message: `${what} (${kind}): ${written}.` }
}
