import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'

// What a terminal would act on: C0 controls but newline and tab, DEL, C1, bidi controls.
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u
const ID = 'id\u001b[2J-1'

describe('agent-memory prints stored text safely (subprocess)', () => {
  const temp = useTemporaryDirectory()
  beforeAll(async () => {
    const file = path.join(temp.dir, 'hostile.jsonl')
    await writeFile(
      file,
      `${JSON.stringify({
        id: ID,
        content: 'Pay \u001b[31mattention\u001b[0m now \u202eevil\u202c and \u009b2J done\rover',
        tags: ['t\u001b]0;title\u0007'],
        metadata: { who: '\u001b[1mbold' },
      })}\n`,
    )
    const ingested = await runCli(['ingest', file, '-n', 'eve', '--data-dir', temp.dataDir])
    expect(ingested.code).toBe(0)
  })

  it.each([
    [['list', '-n', 'eve']],
    [['get', ID, '-n', 'eve']],
    [['search', 'pay now', '-n', 'eve']],
    [['history', ID, '-n', 'eve']],
  ])('%j escapes control characters and ANSI escapes', async (args) => {
    const result = await runCli([...args, '--data-dir', temp.dataDir])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('\\x1b[31mattention\\x1b[0m')
    expect(result.stdout).toContain('\\u202eevil\\u202c')
    expect(result.stdout).toContain('\\x9b2J')
    expect(result.stdout).not.toMatch(ACTIVE)
  })

  it('keeps --json exact: the stored text round-trips', async () => {
    const result = await runCli(['get', ID, '-n', 'eve', '--json', '--data-dir', temp.dataDir])
    expect(JSON.parse(result.stdout).memory.content).toBe(
      'Pay \u001b[31mattention\u001b[0m now \u202eevil\u202c and \u009b2J done\nover',
    )
  })
})
