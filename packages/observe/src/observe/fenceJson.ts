/**
 * JSON for inside a `<tag>…</tag>` fence in a prompt: every `<` is escaped (`\u003c`, still valid
 * JSON), so no string inside, however hostile, can close the fence or open a new one.
 */
export function fenceJson(value: unknown): string {
  return JSON.stringify(value, null, 1).replace(/</gu, '\\u003c')
}
