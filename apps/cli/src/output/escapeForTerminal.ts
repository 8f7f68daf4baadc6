/**
 * Characters a terminal acts on instead of showing: C0 controls but newline and tab (ESC starts
 * ANSI sequences that recolour, retitle or rewrite the screen; CR overwrites the line), DEL, C1
 * controls (U+009B is a one-character CSI), line and paragraph separators, and bidirectional
 * controls that reorder what is shown.
 */
const ACTIVE_CHARACTERS =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu

/**
 * Stored text made safe to print: every active character is shown as a visible escape (`\x1b`,
 * `\u202e`), so a memory can neither drive the terminal nor disguise itself, and what it holds
 * stays readable.
 */
export function escapeForTerminal(text: string): string {
  return text.toWellFormed().replace(ACTIVE_CHARACTERS, (character) => {
    const code = character.charCodeAt(0)
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`
  })
}
