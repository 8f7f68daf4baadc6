import { describe, expect, it } from 'vitest'
import { splitIntoParts } from './splitIntoParts.js'

describe('splitIntoParts', () => {
  it('keeps short text whole and trims it', () => {
    expect(splitIntoParts('  hello world \n', 100)).toEqual(['hello world'])
    expect(splitIntoParts('   ', 100)).toEqual([])
  })
  it('cuts long text at paragraph breaks within the limit', () => {
    const text = `${'a'.repeat(60)}\n\n${'b'.repeat(60)}\n\n${'c'.repeat(30)}`
    const parts = splitIntoParts(text, 100)
    expect(parts).toEqual(['a'.repeat(60), `${'b'.repeat(60)}\n\n${'c'.repeat(30)}`])
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(100)
  })
  it('never splits a surrogate pair when it must cut mid-word', () => {
    const text = '😀'.repeat(80)
    const parts = splitIntoParts(text, 51)
    expect(parts.join('')).toBe(text)
    for (const part of parts) expect(part.isWellFormed()).toBe(true)
  })
})
