import { describe, expect, it } from 'vitest'
import { UsageError } from '../cli/UsageError.js'
import { resolveConfig } from './resolveConfig.js'

describe('resolveConfig', () => {
  it('defaults to the embedded store in ./.agent-memory and the hashing embedder', () => {
    expect(resolveConfig({}, {}, '/home/me')).toEqual({
      store: { kind: 'embedded', dataDir: '/home/me/.agent-memory' },
      embedder: { kind: 'hashing' },
      debug: false,
    })
  })
  it('lets flags win over the environment', () => {
    const env = { AGENT_MEMORY_DATA_DIR: '/env/dir', DATABASE_URL: 'postgres://env/db' }
    expect(resolveConfig({ dataDir: 'flag-dir' }, { AGENT_MEMORY_DATA_DIR: '/env/dir' }, '/w').store).toEqual(
      {
        kind: 'embedded',
        dataDir: '/w/flag-dir',
      },
    )
    expect(resolveConfig({ databaseUrl: 'postgres://flag/db' }, env, '/w').store).toEqual({
      kind: 'postgres',
      url: 'postgres://flag/db',
    })
    expect(resolveConfig({}, env, '/w').store).toEqual({ kind: 'postgres', url: 'postgres://env/db' })
  })
  it('selects OpenRouter when an API key or a base URL is present, unless told otherwise', () => {
    expect(resolveConfig({}, { OPENROUTER_API_KEY: 'k' }, '/').embedder).toEqual({
      kind: 'openrouter',
      apiKey: 'k',
    })
    expect(
      resolveConfig(
        { baseUrl: 'http://localhost:11434/v1', model: 'nomic-embed-text', dimensions: 768 },
        {},
        '/',
      ).embedder,
    ).toEqual({
      kind: 'openrouter',
      baseUrl: 'http://localhost:11434/v1',
      model: 'nomic-embed-text',
      dimensions: 768,
    })
    expect(resolveConfig({ embedder: 'hashing' }, { OPENROUTER_API_KEY: 'k' }, '/').embedder).toEqual({
      kind: 'hashing',
    })
  })
  it('selects the offline semantic embedder by name, which has no model or width to choose', () => {
    expect(resolveConfig({ embedder: 'use' }, { OPENROUTER_API_KEY: 'k' }, '/').embedder).toEqual({
      kind: 'use',
    })
    expect(() => resolveConfig({ embedder: 'use', dimensions: 768 }, {}, '/')).toThrow(UsageError)
    expect(() => resolveConfig({ embedder: 'use', model: 'm' }, {}, '/')).toThrow(
      /one model of 512 dimensions/,
    )
  })
  it('refuses combinations that cannot work, as usage errors', () => {
    expect(() => resolveConfig({ embedder: 'openrouter' }, {}, '/')).toThrow(UsageError)
    expect(() => resolveConfig({ dataDir: 'a', databaseUrl: 'postgres://x/y' }, {}, '/')).toThrow(
      /mutually exclusive/,
    )
    expect(() => resolveConfig({ model: 'm' }, {}, '/')).toThrow(/--model applies to the openrouter embedder/)
  })
})
