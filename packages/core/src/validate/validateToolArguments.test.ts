import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { InvalidArgumentError } from '../errors/InvalidArgumentError.js'
import { MAX_TOOL_ARGUMENT_BYTES } from './MAX_TOOL_ARGUMENT_BYTES.js'
import { MAX_TOOL_ARGUMENT_ERRORS } from './MAX_TOOL_ARGUMENT_ERRORS.js'
import { validateToolArguments } from './validateToolArguments.js'

// The spec's memory_search parameters.
const Search = z.object({
  query: z.string().describe('One natural-language sentence describing what you want to recall'),
  limit: z.number().int().min(1).max(10).default(5).describe('How many rows to return'),
})

const Rich = z.object({
  text: z.string().min(1).max(20),
  kind: z.enum(['fact', 'preference']).optional(),
  tags: z.array(z.string()).max(3).optional(),
  score: z.number().min(0).max(1).optional(),
  pinned: z.boolean().optional(),
  filter: z.strictObject({ tier: z.string() }).optional(),
  note: z.string().nullable().optional(),
})

function errorsOf(result: ReturnType<typeof validateToolArguments>): string[] {
  expect(result.ok).toBe(false)
  return result.ok ? [] : result.errors
}

describe('validateToolArguments', () => {
  it('accepts valid arguments as an object or a JSON string and applies defaults', () => {
    expect(validateToolArguments(Search, { query: 'food restrictions' })).toEqual({
      ok: true,
      value: { query: 'food restrictions', limit: 5 },
    })
    expect(validateToolArguments(Search, '{"query":"tea","limit":10}')).toEqual({
      ok: true,
      value: { query: 'tea', limit: 10 },
    })
  })

  it('names the field, what was expected and what came', () => {
    expect(errorsOf(validateToolArguments(Search, { query: 'x', limit: 11 }))).toEqual([
      'limit must be an integer between 1 and 10, got 11',
    ])
    expect(errorsOf(validateToolArguments(Search, { query: 'x', limit: 2.5 }))).toEqual([
      'limit must be an integer between 1 and 10, got 2.5',
    ])
    expect(errorsOf(validateToolArguments(Search, { query: 5 }))).toEqual([
      'query must be a string, got number',
    ])
    expect(errorsOf(validateToolArguments(Search, { limit: 3 }))).toEqual(['query is required'])
    expect(errorsOf(validateToolArguments(Search, '{"query":"x","limit":"5"}'))).toEqual([
      'limit must be an integer between 1 and 10, got string',
    ])
  })

  it('reports every problem at once', () => {
    expect(errorsOf(validateToolArguments(Search, { limit: 0, user_id: 'u2' }))).toEqual([
      'unknown argument user_id is not allowed',
      'query is required',
      'limit must be an integer between 1 and 10, got 0',
    ])
  })

  it('refuses smuggled identity arguments by name', () => {
    expect(
      errorsOf(validateToolArguments(Search, '{"query":"x","user_id":"u2","namespace":"other"}')),
    ).toEqual(['unknown argument user_id is not allowed', 'unknown argument namespace is not allowed'])
    const proto = errorsOf(validateToolArguments(Search, '{"query":"x","__proto__":{"limit":1}}'))
    expect(proto).toEqual(['unknown argument __proto__ is not allowed'])
  })

  it('describes enums, lists, nested objects, booleans and nullable values', () => {
    const errors = errorsOf(
      validateToolArguments(Rich, {
        text: '',
        kind: 'opinion',
        tags: ['a', 7],
        score: 2,
        pinned: 'yes',
        filter: { tier: 'x', extra: 1 },
        note: 3,
      }),
    )
    expect(errors).toEqual([
      'text must be a non-empty string of at most 20 characters, got an empty string',
      'kind must be one of "fact", "preference", got "opinion"',
      'tags[1] must be a string, got number',
      'score must be a number between 0 and 1, got 2',
      'pinned must be true or false, got string',
      'unknown argument filter.extra is not allowed',
      'note must be a string or null, got number',
    ])
    expect(errorsOf(validateToolArguments(Rich, { text: 'ok', tags: ['a', 'b', 'c', 'd'] }))).toEqual([
      'tags must be a list of strings of at most 3 items, got a list of 4 items',
    ])
  })

  it('refuses strings with lone surrogates, once per field', () => {
    expect(errorsOf(validateToolArguments(Search, { query: 'bad \ud800 text' }))).toEqual([
      'query must be well-formed text',
    ])
    expect(errorsOf(validateToolArguments(Search, '{"query":"\\udc00"}'))).toEqual([
      'query must be well-formed text',
    ])
    expect(errorsOf(validateToolArguments(Rich, { text: 'ok', tags: ['fine', '\udfff'] }))).toEqual([
      'tags[1] must be well-formed text',
    ])
  })

  it('refuses oversized arguments before parsing, in one sentence', () => {
    const big = JSON.stringify({ query: 'x'.repeat(MAX_TOOL_ARGUMENT_BYTES) })
    expect(errorsOf(validateToolArguments(Search, big))).toEqual([
      `arguments are too large: ${big.length} bytes, the limit is 16384 bytes`,
    ])
    // Not even valid JSON: the size is refused first, so nothing gets parsed.
    const garbage = `{${'"'.repeat(20_000)}`
    expect(errorsOf(validateToolArguments(Search, garbage))).toEqual([
      'arguments are too large: 20001 bytes, the limit is 16384 bytes',
    ])
    // Bytes, not UTF-16 units: 6,000 CJK characters are 18,000 bytes.
    expect(errorsOf(validateToolArguments(Search, { query: '字'.repeat(6000) }))[0]).toMatch(
      /^arguments are too large/,
    )
    expect(validateToolArguments(Search, { query: 'x'.repeat(100) }, { maxBytes: 64 })).toEqual({
      ok: false,
      errors: ['arguments are too large: 112 bytes, the limit is 64 bytes'],
    })
  })

  it('caps the error list and says how many more there were', () => {
    const raw = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`extra${i}`, i]))
    const errors = errorsOf(validateToolArguments(Search, raw))
    expect(errors).toHaveLength(MAX_TOOL_ARGUMENT_ERRORS + 1)
    expect(errors.at(-1)).toBe('and 16 more problems')
    expect(errorsOf(validateToolArguments(Search, { a: 1, b: 2 }, { maxErrors: 2 }))).toEqual([
      'unknown argument a is not allowed',
      'unknown argument b is not allowed',
      'and 1 more problem',
    ])
  })

  it('answers malformed JSON and non-objects with a clear sentence', () => {
    expect(errorsOf(validateToolArguments(Search, '{"query": '))).toEqual(['arguments must be a JSON object'])
    expect(errorsOf(validateToolArguments(Search, '[1,2]'))).toEqual([
      'arguments must be a JSON object, got array',
    ])
    expect(errorsOf(validateToolArguments(Search, '"query"'))).toEqual([
      'arguments must be a JSON object, got string',
    ])
    expect(errorsOf(validateToolArguments(Search, 42))).toEqual([
      'arguments must be a JSON object, got number',
    ])
    expect(errorsOf(validateToolArguments(Search, null))).toEqual([
      'arguments must be a JSON object, got null',
    ])
    expect(errorsOf(validateToolArguments(Search, [{ query: 'x' }]))).toEqual([
      'arguments must be a JSON object, got array',
    ])
    const cyclic: Record<string, unknown> = { query: 'x' }
    cyclic.self = cyclic
    expect(errorsOf(validateToolArguments(Search, cyclic))).toEqual([
      'arguments must be a JSON object of plain JSON values',
    ])
    expect(errorsOf(validateToolArguments(Search, { query: 10n }))).toEqual([
      'arguments must be a JSON object of plain JSON values',
    ])
  })

  it('rejects unusable options as a programming error', () => {
    for (const options of [
      { maxBytes: 0 },
      { maxErrors: -1 },
      { maxErrors: 1.5 },
      { maxBytes: Number.NaN },
    ]) {
      let caught: unknown
      try {
        validateToolArguments(Search, { query: 'x' }, options)
      } catch (error) {
        caught = error
      }
      expect(InvalidArgumentError.isInstance(caught)).toBe(true)
    }
  })

  it('reads an empty string or no arguments as an empty object', () => {
    expect(errorsOf(validateToolArguments(Search, ''))).toEqual(['query is required'])
    expect(errorsOf(validateToolArguments(Search, undefined))).toEqual(['query is required'])
  })

  it('echoes at most about 40 characters of what came, on one line, with secrets redacted', () => {
    const long = `line one\nline two ${'y'.repeat(500)}`
    const [tooLong] = errorsOf(validateToolArguments(Rich, { text: long }))
    expect(tooLong).toBe(
      `text must be a non-empty string of at most 20 characters, got "line one\\nline two ${'y'.repeat(21)}…" (518 characters)`,
    )
    const [key] = errorsOf(validateToolArguments(Search, { query: 'x', [`bad\nkey${'k'.repeat(100)}`]: 1 }))
    expect(key).not.toContain('\n')
    expect(key!.length).toBeLessThan(100)
    const [secret] = errorsOf(
      validateToolArguments(Rich, { text: 'ok', kind: 'sk-abcdefghijklmnopqrstuvwxyz0123' }),
    )
    expect(secret).toBe('kind must be one of "fact", "preference", got "[REDACTED]"')
  })

  it('turns a throwing refinement into an answer, not an exception', () => {
    const Throwing = z.object({
      q: z.string().refine(() => {
        throw new Error('boom at /secret/path')
      }),
    })
    expect(validateToolArguments(Throwing, { q: 'x' })).toEqual({
      ok: false,
      errors: ['arguments could not be validated'],
    })
    const Refined = z.object({ q: z.string().refine((s) => s.trim() !== '', 'must not be blank') })
    expect(errorsOf(validateToolArguments(Refined, { q: '  ' }))).toEqual(['q must not be blank'])
  })

  describe('properties', () => {
    const isShortLine = (message: string) => !/[\n\r\u2028\u2029]/.test(message) && message.length <= 200

    it('never throws and answers anything with short one-line sentences', () => {
      fc.assert(
        fc.property(fc.oneof(fc.anything(), fc.string(), fc.json(), fc.string({ unit: 'binary' })), (raw) => {
          for (const schema of [Search, Rich]) {
            const result = validateToolArguments(schema, raw)
            if (!result.ok) {
              expect(result.errors.length).toBeGreaterThan(0)
              expect(result.errors.length).toBeLessThanOrEqual(MAX_TOOL_ARGUMENT_ERRORS + 1)
              for (const message of result.errors) expect(isShortLine(message)).toBe(true)
            }
          }
        }),
        { numRuns: 1000 },
      )
    })

    it('answers hostile objects with arbitrary keys and values in short one-line sentences', () => {
      fc.assert(
        fc.property(
          fc.dictionary(
            fc.string({ unit: 'binary', maxLength: 300 }),
            fc.oneof(fc.anything(), fc.string({ unit: 'binary', maxLength: 400 })),
          ),
          (raw) => {
            const result = validateToolArguments(Rich, raw)
            if (!result.ok) for (const message of result.errors) expect(isShortLine(message)).toBe(true)
          },
        ),
      )
    })

    it('accepts every valid input, as an object and as a JSON string', () => {
      const valid = fc.record(
        { query: fc.string({ unit: 'grapheme', maxLength: 200 }), limit: fc.integer({ min: 1, max: 10 }) },
        { requiredKeys: ['query'] },
      )
      fc.assert(
        fc.property(valid, (args) => {
          const expected = { ok: true, value: { limit: 5, ...args } }
          expect(validateToolArguments(Search, args)).toEqual(expected)
          expect(validateToolArguments(Search, JSON.stringify(args))).toEqual(expected)
        }),
      )
    })

    it('rejects every out-of-range limit with the bounds in the message', () => {
      fc.assert(
        fc.property(fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 11 })), (limit) => {
          expect(errorsOf(validateToolArguments(Search, { query: 'q', limit }))).toEqual([
            `limit must be an integer between 1 and 10, got ${limit}`,
          ])
        }),
      )
    })
  })
})
