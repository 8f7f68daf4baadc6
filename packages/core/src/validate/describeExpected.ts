type JsonSchemaNode = Record<string, unknown>

const SAFE_LIMIT = Number.MAX_SAFE_INTEGER
const PLURALS: Record<string, string> = {
  string: 'strings',
  integer: 'integers',
  number: 'numbers',
  boolean: 'booleans',
  object: 'objects',
}

function isNode(value: unknown): value is JsonSchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function finite(value: unknown): number | undefined {
  // zod writes ±MAX_SAFE_INTEGER for a bare .int(): that is no bound worth telling a model.
  return typeof value === 'number' && Math.abs(value) < SAFE_LIMIT ? value : undefined
}

function rangePhrase(min: number | undefined, max: number | undefined, unit = ''): string {
  if (min !== undefined && max !== undefined) return ` between ${min} and ${max}${unit}`
  if (min !== undefined) return ` of at least ${min}${unit}`
  if (max !== undefined) return ` of at most ${max}${unit}`
  return ''
}

function literal(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 40 ? `${text.slice(0, 39)}…` : text
}

/** Names the JSON types a schema node accepts ("integer" counts as number). */
export function expectedJsonTypes(node: unknown): Set<string> {
  const types = new Set<string>()
  if (!isNode(node)) return types
  const declared = node.type
  for (const t of Array.isArray(declared) ? declared : [declared]) {
    if (typeof t === 'string') types.add(t === 'integer' ? 'number' : t)
  }
  for (const values of [node.enum, node.const === undefined ? undefined : [node.const]]) {
    if (Array.isArray(values))
      for (const v of values) types.add(v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)
  }
  for (const key of ['anyOf', 'oneOf']) {
    const options = node[key]
    if (Array.isArray(options))
      for (const option of options) for (const t of expectedJsonTypes(option)) types.add(t)
  }
  return types
}

/** Follows an issue path through a JSON Schema: keys into `properties`, indexes into `items`. */
export function schemaAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root
  for (const segment of path) {
    if (!isNode(node)) return undefined
    const options = (node.anyOf ?? node.oneOf) as unknown[] | undefined
    if (Array.isArray(options)) node = options.find((o) => isNode(o) && o.type !== 'null') ?? node
    if (!isNode(node)) return undefined
    if (typeof segment === 'number')
      node = Array.isArray(node.prefixItems) ? node.prefixItems[segment] : node.items
    else node = isNode(node.properties) ? node.properties[String(segment)] : undefined
  }
  return node
}

/** What a schema node accepts, as a phrase for `X must be …`: "an integer between 1 and 10". */
export function describeExpected(node: unknown): string {
  if (!isNode(node)) return 'a valid value'
  if (Array.isArray(node.enum)) {
    const values = node.enum.slice(0, 6).map(literal).join(', ')
    return node.enum.length > 6 ? `one of ${values} (or ${node.enum.length - 6} more)` : `one of ${values}`
  }
  if (node.const !== undefined) return `exactly ${literal(node.const)}`
  const options = (node.anyOf ?? node.oneOf) as unknown[] | undefined
  if (Array.isArray(options)) {
    const phrases = options.filter((o) => !(isNode(o) && o.type === 'null')).map(describeExpected)
    const nullable = options.length !== phrases.length
    const joined = [...new Set(phrases)].slice(0, 4).join(' or ')
    return nullable ? `${joined} or null` : joined || 'a valid value'
  }
  if (Array.isArray(node.type)) {
    const phrases = node.type.map((type) => describeExpected({ ...node, type }))
    return [...new Set(phrases)].join(' or ')
  }
  switch (node.type) {
    case 'integer':
    case 'number': {
      const min = finite(node.minimum) ?? finite(node.exclusiveMinimum)
      const max = finite(node.maximum) ?? finite(node.exclusiveMaximum)
      const noun = node.type === 'integer' ? 'an integer' : 'a number'
      if (node.exclusiveMinimum !== undefined && node.minimum === undefined && max === undefined) {
        return `${noun} greater than ${min}`
      }
      return `${noun}${rangePhrase(min, max)}`
    }
    case 'string': {
      const min = finite(node.minLength)
      const max = finite(node.maxLength)
      const format = typeof node.format === 'string' ? ` in ${node.format} format` : ''
      const pattern = typeof node.pattern === 'string' && format === '' ? ' in the documented format' : ''
      if (min === 1)
        return `a non-empty string${format}${pattern}${max === undefined ? '' : ` of at most ${max} characters`}`
      return `a string${format}${pattern}${rangePhrase(min, max, ' characters')}`
    }
    case 'boolean':
      return 'true or false'
    case 'null':
      return 'null'
    case 'array': {
      const itemType = isNode(node.items) && typeof node.items.type === 'string' ? node.items.type : undefined
      const of = itemType !== undefined && PLURALS[itemType] !== undefined ? ` of ${PLURALS[itemType]}` : ''
      return `a list${of}${rangePhrase(finite(node.minItems), finite(node.maxItems), ' items')}`
    }
    case 'object':
      return 'an object'
    default:
      return 'a valid value'
  }
}
