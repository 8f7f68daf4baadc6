import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fingerprint } from './fingerprint.js'

describe('fingerprint', () => {
  it('is a 32-character lowercase hex string', () => {
    expect(fingerprint('The user prefers green tea')).toMatch(/^[0-9a-f]{32}$/)
  })

  it('is equal under whitespace, case, line-ending and Unicode-form changes', () => {
    const base = fingerprint('The user prefers green tea')
    expect(fingerprint('  the USER   prefers\tgreen\n\ntea ')).toBe(base)
    expect(fingerprint('The user\r\nprefers green tea')).toBe(base)
    expect(fingerprint('Caf\u00e9 au lait')).toBe(fingerprint('cafe\u0301 AU lait'))
    expect(fingerprint('a\u0000b')).toBe(fingerprint('ab'))
  })

  it('differs for different content', () => {
    expect(fingerprint('The user prefers green tea')).not.toBe(fingerprint('The user prefers black tea'))
    expect(fingerprint('用户喜欢绿茶')).not.toBe(fingerprint('用户喜欢红茶'))
    expect(fingerprint('ab')).not.toBe(fingerprint('a b'))
  })

  it('is deterministic and insensitive to surrounding whitespace and case', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(' ', '\n', '\t', '  \r\n'), (text, pad) => {
        expect(fingerprint(text)).toBe(fingerprint(text))
        expect(fingerprint(`${pad}${text}${pad}`)).toBe(fingerprint(text))
        expect(fingerprint(text.toUpperCase())).toBe(fingerprint(text.toLowerCase()))
      }),
    )
  })

  it('separates distinct normalized contents (no collisions over many samples)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,12}$/), { minLength: 2, maxLength: 50 }),
        (texts) => {
          expect(new Set(texts.map(fingerprint)).size).toBe(texts.length)
        },
      ),
    )
  })
})
