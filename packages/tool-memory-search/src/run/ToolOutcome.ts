/** A tool's answer: the text for the model, and whether the call was refused (bad arguments, unknown tool). */
export interface ToolOutcome {
  text: string
  isError: boolean
}
