/**
 * The text of an item that agent-memory embeds and indexes for keywords, from the fields LangGraph
 * names (`index` on `put`, else the store's `index.fields`, else `$`, the whole value). `$` reads
 * as one `path: text` line per leaf, so field names count as words without JSON's quotes and
 * braces; a named field gives its text (a string as is, anything else as JSON). Paths take
 * LangGraph's forms: `a.b`, `a[0]`, `a[-1]`, `a[*].b`.
 */
export function itemText(value: Record<string, unknown>, fields: readonly string[]): string {
  const parts: string[] = []
  for (const field of fields) {
    if (field === '$') parts.push(...leafLines(value, ''))
    else
      for (const found of atPath(value, tokens(field)))
        parts.push(typeof found === 'string' ? found : JSON.stringify(found))
  }
  return parts.filter((part) => part.trim() !== '').join('\n')
}

function leafLines(node: unknown, path: string): string[] {
  if (node === null || node === undefined) return []
  if (Array.isArray(node)) return node.flatMap((child, i) => leafLines(child, `${path}[${i}]`))
  if (typeof node === 'object') {
    return Object.entries(node).flatMap(([key, child]) =>
      leafLines(child, path === '' ? key : `${path}.${key}`),
    )
  }
  return [path === '' ? String(node) : `${path}: ${String(node)}`]
}

function tokens(path: string): string[] {
  return path.split(/\.|(?=\[)/u).filter((token) => token !== '')
}

function atPath(node: unknown, path: string[]): unknown[] {
  if (node === null || node === undefined) return []
  const [token, ...rest] = path
  if (token === undefined) return [node]
  const index = /^\[(\*|-?\d+)\]$/u.exec(token)
  if (index) {
    if (!Array.isArray(node)) return []
    if (index[1] === '*') return node.flatMap((child) => atPath(child, rest))
    const at = Number(index[1])
    return atPath(node[at < 0 ? node.length + at : at], rest)
  }
  if (typeof node !== 'object' || Array.isArray(node)) return []
  return atPath((node as Record<string, unknown>)[token], rest)
}
