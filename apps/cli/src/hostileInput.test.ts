import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'

describe('agent-memory refuses hostile input with a usage error (subprocess)', () => {
  const temp = useTemporaryDirectory()

  it.each([
    [['remember', 'x', '--namespace', '   '], /invalid namespace: namespace must not be only whitespace/],
    [['remember', 'x', '--namespace', 'alice\u202eevil'], /invalid namespace: .*bidirectional/],
    [
      ['search', 'x', '--namespace', 'a', '--as-of', '0000-01-01'],
      /--as-of.*between 0001-01-01 and 9999-12-31/,
    ],
    [
      ['remember', 'x', '--namespace', 'a', '--valid-from', '2023-02-29'],
      /--valid-from.*2023-02 has 28 days/,
    ],
    [['search', 'x', '--namespace', 'a', '--as-of', 'yesterday'], /--as-of.*expected an ISO 8601 date/],
  ])('%j: exit code 2, one sentence, nothing stored', async (args, message) => {
    const dataDir = path.join(temp.dir, 'usage')
    const result = await runCli([...args, '--data-dir', dataDir])
    expect(result.stderr).toMatch(message)
    expect(result.code).toBe(2)
    expect(result.stderr).not.toMatch(/SQLSTATE|\n\s+at /)
  })

  it('names a .jsonl line whose createdAt is not a date', async () => {
    const file = path.join(temp.dir, 'dates.jsonl')
    await writeFile(
      file,
      [
        JSON.stringify({ content: 'Ana moved to Porto', createdAt: 'garbage' }),
        JSON.stringify({ content: 'Ana adopted a cat', createdAt: '2023-02-29' }),
        JSON.stringify({ content: 'Ana learns Portuguese', createdAt: '2023-02-28' }),
      ].join('\n'),
    )
    const result = await runCli([
      'ingest',
      file,
      '-n',
      'ana',
      '--json',
      '--data-dir',
      path.join(temp.dir, 'dates'),
    ])
    expect(result.stderr).toContain(`${file}:1: createdAt: expected an ISO 8601 date`)
    expect(result.stderr).toContain(`${file}:2: createdAt: 2023-02-29 is not a calendar date`)
    expect(result.stderr).not.toContain('received Date')
    expect(JSON.parse(result.stdout)).toMatchObject({ inserted: 1 })
    expect(result.code).toBe(1)
  })
})
