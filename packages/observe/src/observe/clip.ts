/** A short, single-line, well-formed excerpt of model output for a report. */
export function clip(value: unknown, max = 160): string {
  const text = (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)))
    .toWellFormed()
    .replace(/\s+/gu, ' ')
  const chars = Array.from(text)
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`
}
