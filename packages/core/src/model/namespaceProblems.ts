/**
 * Bidirectional formatting characters (LRM, RLM, ALM, the embeddings U+202A–U+202E and the
 * isolates U+2066–U+2069): invisible, yet they reorder what a reader sees, so `alice\u202Eevil`
 * could display as another user's namespace.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/

/**
 * What is wrong with a namespace, one phrase per rule broken (none: it is valid): 1..256
 * characters, not only whitespace, no control characters (C0, DEL, C1) and no bidirectional
 * controls. Namespaces are compared by exact equality everywhere (never LIKE), so `%`, `_` and
 * look-alikes are ordinary characters. Free of zod, so a command line can check one cheaply;
 * `NamespaceSchema` is these rules.
 */
export function namespaceProblems(value: string): string[] {
  const problems: string[] = []
  if (value.length === 0) problems.push('namespace must not be empty')
  if (value.length > 256) problems.push('namespace must be at most 256 characters')
  if (CONTROL_CHARACTERS.test(value)) problems.push('namespace must not contain control characters')
  else if (value.length > 0 && value.trim() === '') problems.push('namespace must not be only whitespace')
  if (BIDI_CONTROLS.test(value)) {
    problems.push(
      'namespace must not contain bidirectional control characters (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069)',
    )
  }
  return problems
}
