import { describe, expect, it } from 'vitest'
import { createTestMemory } from '../../__fixtures__/createTestMemory.js'
import { createMemoryMcpServer } from './createMemoryMcpServer.js'
import type { MemoryMcpServerOptions } from './MemoryMcpServerOptions.js'

describe('createMemoryMcpServer namespace', () => {
  it('refuses a missing or invalid namespace when the server is created', () => {
    const { memory } = createTestMemory()
    const options = (namespace: unknown) => ({ memory, namespace }) as MemoryMcpServerOptions
    expect(() => createMemoryMcpServer(options(undefined))).toThrow(
      /createMemoryMcpServer: no namespace was given\. Pass the user this server serves/u,
    )
    expect(() => createMemoryMcpServer(options(''))).toThrow(/namespace must not be empty/u)
    expect(() => createMemoryMcpServer(options('u1'))).not.toThrow()
  })
})
