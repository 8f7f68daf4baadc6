import type { Memory } from '../../model/Memory.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { compareStrings } from './compareStrings.js'
import type { RecallPlan } from './RecallPlan.js'

/** What `rerankTop` hands on: the relevance to rank by, each reranked memory's score, and whether it failed. */
export interface Reranked {
  relevance: Map<string, number>
  scores: Map<string, number>
  degraded?: 'not_reranked'
}

/** Settles after `timeoutMs`, or rejects with the caller's abort; `stop` clears the timer. */
function budget(timeoutMs: number, caller: AbortSignal | undefined) {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const onAbort = () => controller.abort(caller?.reason)
  caller?.addEventListener('abort', onAbort, { once: true })
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`the reranker did not answer within ${timeoutMs} ms`)
      controller.abort(error)
      reject(error)
    }, timeoutMs)
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true })
  })
  expired.catch(() => undefined)
  return {
    signal: controller.signal,
    expired,
    stop: () => {
      clearTimeout(timer)
      caller?.removeEventListener('abort', onAbort)
    },
  }
}

/**
 * The reranking stage (`MemoryServiceOptions.rerank`): the best `candidates` (at least `limit`)
 * memories by fused relevance go to the reranker with the query, within `timeoutMs`, and take the
 * order it gives; the relevance values they had are handed out again in that order, so the stage
 * reorders the top without changing the score scale or what lies below it, and the threshold is
 * still judged on each memory's own relevance (`rankHits`). Memories it leaves out follow the ones
 * it scored, in fused order. When it fails or runs out of time the fused order stands
 * (`degraded: 'not_reranked'`, the error to `onError` as `recall.rerank`); the caller's own abort is
 * rethrown.
 */
export async function rerankTop(
  context: Pick<ServiceContext, 'rerank' | 'report'>,
  plan: Pick<RecallPlan, 'query' | 'limit' | 'signal'>,
  relevance: Map<string, number>,
  memories: ReadonlyMap<string, Memory>,
): Promise<Reranked> {
  const stage = context.rerank
  const scores = new Map<string, number>()
  if (stage === undefined || relevance.size === 0) return { relevance, scores }
  const top = [...relevance]
    .sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]))
    .slice(0, Math.max(stage.candidates, plan.limit))
  const documents = top.map(([id]) => memories.get(id)!.content.slice(0, stage.maxDocumentChars))
  const wait = budget(stage.timeoutMs, plan.signal)
  let answer: Array<{ index: number; score: number }>
  try {
    answer = await Promise.race([
      stage.reranker.rerank(plan.query, documents, { signal: wait.signal, timeoutMs: stage.timeoutMs }),
      wait.expired,
    ])
    if (!Array.isArray(answer)) throw new Error('the reranker answered without a ranking')
  } catch (error) {
    if (plan.signal?.aborted) throw plan.signal.reason
    context.report(error, 'recall.rerank')
    return { relevance, scores, degraded: 'not_reranked' }
  } finally {
    wait.stop()
  }
  const order: number[] = []
  const seen = new Set<number>()
  for (const { index, score } of [...answer].sort((a, b) => b.score - a.score || a.index - b.index)) {
    // An index outside the list, or given twice, is ignored rather than trusted.
    if (!Number.isInteger(index) || index < 0 || index >= top.length || seen.has(index)) continue
    if (!Number.isFinite(score)) continue
    seen.add(index)
    order.push(index)
    scores.set(top[index]![0], score)
  }
  top.forEach((_, index) => {
    if (!seen.has(index)) order.push(index)
  })
  const reordered = new Map(relevance)
  order.forEach((index, place) => {
    reordered.set(top[index]![0], top[place]![1])
  })
  return { relevance: reordered, scores }
}
