import { describe, expect, it } from 'vitest'
import { NamespaceSchema } from './Namespace.js'
import { namespaceProblems } from './namespaceProblems.js'

describe('NamespaceSchema', () => {
  it.each([['alice'], ['org/project/user-42'], ['  padded  '], ['名前'], ['50%_off']])(
    'accepts %j',
    (namespace) => {
      expect(NamespaceSchema.safeParse(namespace).success).toBe(true)
    },
  )

  it.each([
    ['', /empty/],
    [' ', /only whitespace/],
    ['\t \u00a0\u3000', /control characters|only whitespace/],
    ['\u00a0\u2003', /only whitespace/],
    ['alice\u202eevil', /bidirectional/],
    ['\u202dbob', /bidirectional/],
    ['a\u2066b\u2069', /bidirectional/],
    ['a\u200fb', /bidirectional/],
    ['a\u061cb', /bidirectional/],
    ['a\u001b[31mb', /control characters/],
    ['a\u009bb', /control characters/],
  ])('refuses %j', (namespace, message) => {
    const parsed = NamespaceSchema.safeParse(namespace)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((issue) => issue.message).join('; ')).toMatch(message)
  })
})

describe('namespaceProblems', () => {
  it('is NamespaceSchema without zod: no problems exactly when the schema accepts, the same messages', () => {
    for (const value of ['alice', '', ' ', 'a\u202eb', 'a\u001bb', 'x'.repeat(257), '\u00a0', 'ok/path']) {
      const parsed = NamespaceSchema.safeParse(value)
      const problems = namespaceProblems(value)
      expect(problems.length === 0).toBe(parsed.success)
      expect(problems).toEqual(parsed.error?.issues.map((issue) => issue.message) ?? [])
    }
  })
})
