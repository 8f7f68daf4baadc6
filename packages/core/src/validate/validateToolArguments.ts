import type { z } from 'zod'
import { InvalidArgumentError } from '../errors/InvalidArgumentError.js'
import { describeExpected, expectedJsonTypes, schemaAt } from './describeExpected.js'
import { describeReceived, jsonTypeOf, quoteReceived } from './describeReceived.js'
import { MAX_TOOL_ARGUMENT_BYTES } from './MAX_TOOL_ARGUMENT_BYTES.js'
import { MAX_TOOL_ARGUMENT_ERRORS } from './MAX_TOOL_ARGUMENT_ERRORS.js'
import type { ToolArgumentsResult } from './ToolArgumentsResult.js'
import { toolParametersJsonSchema } from './toolParametersJsonSchema.js'
import type { ValidateToolArgumentsOptions } from './ValidateToolArgumentsOptions.js'

type Path = readonly PropertyKey[]

const NOT_AN_OBJECT = 'arguments must be a JSON object'

function formatPath(path: Path): string {
  if (path.length === 0) return 'arguments'
  let out = ''
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else {
      const name = typeof segment === 'symbol' ? 'symbol' : segment
      out += out === '' ? name : `.${name}`
    }
  }
  return out
}

function valueAt(root: unknown, path: Path): { found: boolean; value: unknown } {
  let node = root
  for (const segment of path) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment))
      return { found: false, value: undefined }
    node = (node as Record<PropertyKey, unknown>)[segment]
  }
  return { found: true, value: node }
}

function startsWith(path: Path, prefix: Path): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => path[i] === segment)
}

/** Paths of strings holding lone surrogates, found without recursion (input may nest deeply). */
function malformedStringPaths(root: Record<string, unknown>, keys: readonly string[]): PropertyKey[][] {
  const found: PropertyKey[][] = []
  const stack: { value: unknown; path: PropertyKey[] }[] = keys.map((key) => ({
    value: root[key],
    path: [key],
  }))
  while (stack.length > 0) {
    const { value, path } = stack.pop()!
    if (typeof value === 'string') {
      if (!value.isWellFormed()) found.push(path)
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) stack.push({ value: item, path: [...path, i] })
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) stack.push({ value: item, path: [...path, key] })
    }
  }
  return found.sort((a, b) => formatPath(a).localeCompare(formatPath(b)))
}

function issueSentence(issue: z.core.$ZodIssue, value: unknown, jsonSchema: unknown): string {
  const path = issue.path
  const field = formatPath(path)
  if (issue.code === 'unrecognized_keys') {
    const prefix = path.length === 0 ? '' : `${field}.`
    return issue.keys.map((key) => `unknown argument ${prefix}${quoteKey(key)} is not allowed`).join('\n')
  }
  const at = valueAt(value, path)
  if (!at.found || at.value === undefined) return `${field} is required`
  if (issue.code === 'custom') return `${field} ${issue.message.replace(/\s+/g, ' ').slice(0, 80)}`
  const node = schemaAt(jsonSchema, path)
  const types = expectedJsonTypes(node)
  const received = jsonTypeOf(at.value)
  const got = types.size > 0 && !types.has(received) ? received : describeReceived(at.value)
  return `${field} must be ${describeExpected(node)}, got ${got}`
}

function quoteKey(key: string): string {
  // A key is echoed bare when it looks like an identifier, quoted and clipped otherwise.
  return /^[A-Za-z_$][\w$-]{0,39}$/.test(key) ? key : quoteReceived(key)
}

function capped(errors: string[], maxErrors: number): string[] {
  if (errors.length <= maxErrors) return errors
  const rest = errors.length - maxErrors
  return [...errors.slice(0, maxErrors), `and ${rest} more problem${rest === 1 ? '' : 's'}`]
}

function readArguments(
  raw: unknown,
  maxBytes: number,
): { ok: true; value: unknown } | { ok: false; error: string } {
  const tooLarge = (bytes: number) => ({
    ok: false as const,
    error: `arguments are too large: ${bytes} bytes, the limit is ${maxBytes} bytes`,
  })
  if (raw === undefined) return { ok: true, value: {} }
  if (typeof raw === 'string') {
    // Some hosts send "" for a call without arguments.
    if (raw.trim() === '') return { ok: true, value: {} }
    const bytes = Buffer.byteLength(raw, 'utf8')
    if (bytes > maxBytes) return tooLarge(bytes)
    try {
      return { ok: true, value: JSON.parse(raw) }
    } catch {
      return { ok: false, error: NOT_AN_OBJECT }
    }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, error: `${NOT_AN_OBJECT}, got ${jsonTypeOf(raw)}` }
  }
  let text: string | undefined
  try {
    text = JSON.stringify(raw)
  } catch {
    // Cycles, BigInt, throwing getters: nothing a model can send.
    return { ok: false, error: `${NOT_AN_OBJECT} of plain JSON values` }
  }
  if (text === undefined) return { ok: false, error: NOT_AN_OBJECT }
  const bytes = Buffer.byteLength(text, 'utf8')
  if (bytes > maxBytes) return tooLarge(bytes)
  // Round-trip so validation sees plain data only (no getters, prototypes or toJSON surprises).
  return { ok: true, value: JSON.parse(text) }
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new InvalidArgumentError(name, `${name} must be a positive integer, got ${String(value)}`)
  }
  return value
}

/**
 * Validates a model's tool-call arguments against the tool's zod object schema and reports every
 * problem at once as short one-line sentences that name the field, what was expected and what
 * came (`limit must be an integer between 1 and 10, got 11`). Arguments may be an object or a JSON
 * string. Refuses, before parsing, raw arguments over `maxBytes`; rejects unknown arguments by
 * name (a smuggled `user_id`), strings with lone surrogates, and caps the list at `maxErrors`.
 * Never throws on what the model sent; echoes at most ~40 characters of it, secrets redacted.
 *
 * @throws InvalidArgumentError only for unusable options (a `maxBytes` or `maxErrors` below 1).
 */
export function validateToolArguments<Schema extends z.ZodObject>(
  schema: Schema,
  raw: unknown,
  options: ValidateToolArgumentsOptions = {},
): ToolArgumentsResult<z.output<Schema>> {
  const maxBytes = positiveInteger('maxBytes', options.maxBytes, MAX_TOOL_ARGUMENT_BYTES)
  const maxErrors = positiveInteger('maxErrors', options.maxErrors, MAX_TOOL_ARGUMENT_ERRORS)
  try {
    const read = readArguments(raw, maxBytes)
    if (!read.ok) return { ok: false, errors: [read.error] }
    const value = read.value
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { ok: false, errors: [`${NOT_AN_OBJECT}, got ${jsonTypeOf(value)}`] }
    }
    const args = value as Record<string, unknown>
    const shape = schema.shape as Record<string, unknown>
    const known = Object.keys(args).filter((key) => Object.hasOwn(shape, key))
    const errors = Object.keys(args)
      .filter((key) => !Object.hasOwn(shape, key))
      .map((key) => `unknown argument ${quoteKey(key)} is not allowed`)
    const malformed = malformedStringPaths(args, known)
    for (const path of malformed) errors.push(`${formatPath(path)} must be well-formed text`)

    const knownArgs = Object.fromEntries(known.map((key) => [key, args[key]]))
    const parsed = schema.safeParse(knownArgs)
    if (parsed.success && errors.length === 0) return { ok: true, value: parsed.data }
    if (!parsed.success) {
      const jsonSchema = toolParametersJsonSchema(schema)
      const seen = new Set<string>()
      for (const issue of parsed.error.issues) {
        if (malformed.some((path) => startsWith(issue.path, path))) continue
        const key = formatPath(issue.path)
        if (issue.code !== 'unrecognized_keys' && seen.has(key)) continue
        seen.add(key)
        errors.push(...issueSentence(issue, knownArgs, jsonSchema).split('\n'))
      }
    }
    if (errors.length === 0) errors.push('arguments are invalid')
    return { ok: false, errors: capped(errors, maxErrors) }
  } catch {
    // A throwing refinement or transform in the schema: still an answer, never a stack trace.
    return { ok: false, errors: ['arguments could not be validated'] }
  }
}
