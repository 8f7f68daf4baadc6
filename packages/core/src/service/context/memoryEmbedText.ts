import type { ServiceContext } from './ServiceContext.js'

/** The text a memory's own vector comes from: its content, bounded (chunks cover the rest). */
export function memoryEmbedText(context: ServiceContext, content: string): string {
  return content.slice(0, context.maxEmbedChars)
}
