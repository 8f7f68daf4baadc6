/** A request body parsed as JSON, or undefined when it is missing or not JSON. */
export function parseJsonBody(raw: string | undefined): unknown {
  if (raw === undefined) return undefined
  try {
    return JSON.parse(raw)
  } catch {
    return undefined
  }
}
