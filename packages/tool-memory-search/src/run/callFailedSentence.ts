import { renderContentAsData } from '@agent-memory/core'

/** The spec's validation answer, every problem at once: `The call failed. a; b. Fix it and call <tool> again.` */
export function callFailedSentence(tool: string, errors: readonly string[]): string {
  // An error may quote what the model sent; it stays on the one line and cannot double the full stop.
  const problems = errors.map((error) => renderContentAsData(error).replace(/[.\s]+$/u, '')).join('; ')
  return `The call failed. ${problems}. Fix it and call ${tool} again.`
}
