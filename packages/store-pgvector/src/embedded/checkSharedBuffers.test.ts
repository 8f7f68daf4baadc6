import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { InvalidArgumentError } from '@agent-memory/core'
import { describe, expect, it } from 'vitest'
import { openEmbeddedStore } from '../index.js'
import { checkSharedBuffers } from './checkSharedBuffers.js'

describe('sharedBuffers', () => {
  it.each(['128kB', '16MB', '512MB', '1GB', '1048576kB'])('accepts %s', (value) => {
    expect(() => checkSharedBuffers(value)).not.toThrow()
  })

  it.each([
    '16',
    '16mb',
    '16 MB',
    '0MB',
    '127kB',
    '2GB',
    '1025MB',
    '016MB',
    '16MB; DROP TABLE memories',
    '-c fsync=off',
    '',
  ])('refuses %o with an InvalidArgumentError naming the option', (value) => {
    let caught: unknown
    try {
      checkSharedBuffers(value)
    } catch (error) {
      caught = error
    }
    expect(InvalidArgumentError.isInstance(caught)).toBe(true)
    expect((caught as Error).message).toMatch(/^sharedBuffers must be a size from '128kB' to '1GB'/)
  })

  it('refuses a value that is not a string, and quotes a long one only in part', () => {
    expect(() => checkSharedBuffers(16 as unknown as string)).toThrow(/got "16"$/)
    expect(() => checkSharedBuffers('9'.repeat(500))).toThrow(/got "9{40}"$/)
  })

  it('is checked before the store touches its data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'am-buffers-'))
    try {
      await expect(
        openEmbeddedStore({ dataDir, dimensions: 4, sharedBuffers: '16 MB', handleSignals: false }),
      ).rejects.toSatisfy((error: unknown) => InvalidArgumentError.isInstance(error))
      expect(readdirSync(dataDir)).toEqual([])
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
