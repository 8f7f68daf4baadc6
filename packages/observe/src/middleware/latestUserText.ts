import type { ProviderPrompt } from './CallOptions.js'
import { textOfParts } from './textOfParts.js'

/** The text of the latest user message in a prompt, or undefined when there is none with text. */
export function latestUserText(prompt: ProviderPrompt): string | undefined {
  for (let index = prompt.length - 1; index >= 0; index--) {
    const message = prompt[index]!
    if (message.role !== 'user') continue
    const text = textOfParts(message.content)
    return text === '' ? undefined : text
  }
  return undefined
}
