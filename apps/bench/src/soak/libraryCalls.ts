import type { MemoryService } from '@agent-memory/core'
import { observe } from '@agent-memory/observe'
import type { LanguageModel } from 'ai'
import type { SoakCalls } from './SoakCalls.js'

/** Every call through a `MemoryService` in this process: the library as an application uses it. */
export function libraryCalls(path: string, memory: MemoryService, model: LanguageModel): SoakCalls {
  return {
    path,
    async remember(namespace, content) {
      const result = await memory.remember(namespace, { content })
      return { id: result.id, degraded: result.degraded === 'pending_embed' }
    },
    async rememberMany(namespace, contents) {
      const results = await memory.rememberMany(
        namespace,
        contents.map((content) => ({ content })),
      )
      return {
        ids: results.map((result) => result.id),
        degraded: results.some((result) => result.degraded === 'pending_embed'),
      }
    },
    async search(namespace, query) {
      const result = await memory.recall(namespace, query, { limit: 5 })
      return { degraded: result.degraded === 'keyword_only' }
    },
    async forget(namespace, id) {
      if (!(await memory.forget(namespace, id))) throw new Error(`forget: ${id} was not there`)
    },
    async supersede(namespace, oldId, content) {
      const result = await memory.supersede(namespace, oldId, { content })
      return { id: result.id, degraded: result.degraded === 'pending_embed' }
    },
    async observe(namespace, message) {
      const report = await observe(memory, namespace, [{ role: 'user', content: message }], {
        model,
        maxRetries: 0,
        timeoutMs: 30_000,
      })
      if (report.failure !== undefined) throw new Error(`observe: ${report.failure.message}`)
      return { ids: report.added.flatMap((added) => (added.id === undefined ? [] : [added.id])) }
    },
  }
}
