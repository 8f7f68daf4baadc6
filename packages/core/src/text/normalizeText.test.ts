import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalizeText } from './normalizeText.js'

describe('normalizeText', () => {
  it('replaces lone surrogates with U+FFFD and keeps valid pairs', () => {
    expect(normalizeText('a\ud800b')).toBe('a\ufffdb')
    expect(normalizeText('\udc00')).toBe('\ufffd')
    expect(normalizeText('ok 👍🏽')).toBe('ok 👍🏽')
  })

  it('removes NUL, which Postgres text cannot hold', () => {
    expect(normalizeText('a\u0000b\u0000')).toBe('ab')
  })

  it('turns CRLF and lone CR into LF', () => {
    expect(normalizeText('one\r\ntwo\rthree\n')).toBe('one\ntwo\nthree\n')
  })

  it('composes to NFC so visually equal strings compare equal', () => {
    expect(normalizeText('e\u0301')).toBe('\u00e9')
    expect(normalizeText('Cafe\u0301')).toBe(normalizeText('Caf\u00e9'))
  })

  it('always yields well-formed NFC text without NUL or CR, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const out = normalizeText(text)
        expect(out.isWellFormed()).toBe(true)
        expect(out).not.toMatch(/[\u0000\r]/)
        expect(out.normalize('NFC')).toBe(out)
        expect(normalizeText(out)).toBe(out)
      }),
    )
  })
})
