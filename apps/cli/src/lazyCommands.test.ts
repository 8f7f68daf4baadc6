import { spawnSync } from 'node:child_process'
import type { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { BIN, CLI_ROOT, cliEnv } from './__fixtures__/cliProcess.js'
import { buildProgram } from './buildProgram.js'
import type { CommandContext } from './cli/CommandContext.js'
import { COMMANDS } from './commands/COMMANDS.js'

const context: CommandContext = {
  io: { out: () => undefined, err: () => undefined, stderrIsTTY: false, columns: 80 },
  env: {},
  cwd: CLI_ROOT,
  signal: new AbortController().signal,
  config: () => {
    throw new Error('not in this test')
  },
  open: () => {
    throw new Error('not in this test')
  },
}

const find = (program: Command, name: string) => program.commands.find((command) => command.name() === name)

/** The files a real `agent-memory ...argv` process imports, as file URLs. */
function importsOf(argv: string[]): string[] {
  const recorder = new URL('./__fixtures__/recordImports.mjs', import.meta.url).href
  const result = spawnSync(process.execPath, ['--import', recorder, BIN, ...argv], {
    env: cliEnv(),
    encoding: 'utf8',
  })
  expect(result.status).toBe(0)
  return result.stderr
    .split('\n')
    .filter((line) => line.startsWith('imported '))
    .map((line) => line.slice('imported '.length))
}

describe('commands load only when they run', () => {
  it('lists every command in the top-level help exactly as when all are loaded', async () => {
    const full = await buildProgram(context)
    const lazy = await buildProgram(context, ['--help'])
    expect(lazy.helpInformation()).toBe(full.helpInformation())
    expect(full.commands.map((command) => command.name())).toEqual(COMMANDS.map((entry) => entry.name))
  })

  it.each(COMMANDS.map((entry) => [entry.name]))('%s: its help is the loaded command’s', async (name) => {
    const full = find(await buildProgram(context), name)
    const named = find(await buildProgram(context, [name, '--help']), name)
    expect(named?.helpInformation()).toBe(full?.helpInformation())
    // Loaded in full: its own options, not the summary's placeholder.
    expect(named?.options.some((option) => option.long === '--options')).toBe(false)
  })

  it('--version and --help import no command, store, embedder or schema library', () => {
    for (const argv of [['--version'], ['--help']]) {
      const heavy = importsOf(argv).filter((url) =>
        /\/packages\/|@agent-memory|@electric-sql|drizzle-orm|\/zod\/|\/ai\/|@ai-sdk|@modelcontextprotocol|hono|\/pg\/|\/commands\/register/.test(
          url,
        ),
      )
      expect(heavy, argv.join(' ')).toEqual([])
    }
  })

  it('a command imports its own module and not the others', () => {
    const imported = importsOf(['stats', '--help'])
    const registered = imported.filter((url) => url.includes('/commands/register'))
    expect(registered.map((url) => url.replace(/.*\//, ''))).toEqual(['registerStatsCommand.js'])
  })
})
