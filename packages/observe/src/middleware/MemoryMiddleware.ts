import type { LanguageModelMiddleware } from 'ai'

/** The middleware, plus a way to wait for background observation (tests, graceful shutdown). */
export type MemoryMiddleware = LanguageModelMiddleware & {
  /** Resolves when every observation scheduled so far has finished. */
  idle(): Promise<void>
}
