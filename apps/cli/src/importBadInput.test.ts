import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'

/** Bad files: each gets a sentence naming file:line, and nothing of the good lines is lost. */
describe('agent-memory import with bad input', () => {
  const temp = useTemporaryDirectory()
  const source = () => ['--data-dir', path.join(temp.dir, 'source')]
  const target = (name: string) => ['--data-dir', path.join(temp.dir, name)]

  async function exportedLines(): Promise<string[]> {
    const file = path.join(temp.dir, 'good.jsonl')
    for (const content of ['Ada lives in Lyon', 'Ada plays the piano', 'Ada grows tomatoes']) {
      expect((await runCli(['remember', content, '-n', 'ada', ...source()])).code).toBe(0)
    }
    expect((await runCli(['export', '-n', 'ada', '--with-vectors', '-o', file, ...source()])).code).toBe(0)
    return (await readFile(file, 'utf8')).trim().split('\n')
  }

  it('names a truncated last line, a newer record version, a duplicate id and a non-JSON line, and imports the rest', {
    timeout: 120_000,
  }, async () => {
    const lines = await exportedLines()
    expect(lines).toHaveLength(4)
    const newer = JSON.stringify({ ...JSON.parse(lines[2]!), version: 99 })
    const file = path.join(temp.dir, 'bad.jsonl')
    // header, good, newer version, not JSON, good, duplicate of line 2, then a record cut short.
    await writeFile(
      file,
      [lines[0], lines[1], newer, '{oops', lines[3], lines[1], lines[2]!.slice(0, 80)].join('\n'),
    )
    const result = await runCli(['import', file, ...target('bad')])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('bad.jsonl:3: skipped: format version 99 is newer')
    expect(result.stderr).toContain('bad.jsonl:4: skipped: not JSON')
    expect(result.stderr).toContain('bad.jsonl:6: skipped: id')
    expect(result.stderr).toContain('appears again (first at record 2)')
    expect(result.stderr).toContain(
      'bad.jsonl:7: skipped: the file ends inside this record: it was cut short',
    )
    expect(result.stdout).toContain('2 new')
    const listed = await runCli(['list', '-n', 'ada', '--json', ...target('bad')])
    expect((JSON.parse(listed.stdout) as { memories: unknown[] }).memories).toHaveLength(2)
  })

  it('refuses a file of a newer format whole, and one that is not an export', {
    timeout: 60_000,
  }, async () => {
    const lines = await exportedLines()
    const file = path.join(temp.dir, 'future.jsonl')
    await writeFile(file, `${JSON.stringify({ ...JSON.parse(lines[0]!), version: 2 })}\n${lines[1]}\n`)
    const result = await runCli(['import', file, ...target('future')])
    expect(result.code).not.toBe(0)
    expect(result.stderr).toMatch(/format version 2; this version of agent-memory reads up to 1/)
    const plain = path.join(temp.dir, 'plain.jsonl')
    await writeFile(plain, '{"content": "not an export"}\n')
    const refused = await runCli(['import', plain, ...target('future')])
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toMatch(/does not start like an agent-memory export/)
    const listed = await runCli(['list', '-n', 'ada', '--json', ...target('future')])
    expect((JSON.parse(listed.stdout) as { memories: unknown[] }).memories).toHaveLength(0)
  })

  it("stores another embedder's file pending and says so", { timeout: 60_000 }, async () => {
    const lines = await exportedLines()
    const header = JSON.parse(lines[0]!)
    const file = path.join(temp.dir, 'other.jsonl')
    await writeFile(
      file,
      `${JSON.stringify({ ...header, embedder: { model: 'text-embedding-3-small', dimensions: 1536 } })}\n${lines.slice(1).join('\n')}\n`,
    )
    const result = await runCli(['import', file, ...target('other')])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(
      /memories wait for a vector: the file's vectors come from text-embedding-3-small \(1536 dimensions\)/,
    )
    const repaired = await runCli(['repair', '--json', ...target('other')])
    expect(repaired.code, repaired.stderr).toBe(0)
    const found = await runCli(['search', 'tomatoes', '-n', 'ada', '--json', ...target('other')])
    expect(
      (JSON.parse(found.stdout) as { hits: Array<{ memory: { content: string } }> }).hits[0]?.memory.content,
    ).toBe('Ada grows tomatoes')
  })

  it('erase asks for --yes and an explicit namespace', { timeout: 60_000 }, async () => {
    const refused = await runCli(['erase', '-n', 'ada', ...source()], {
      env: { AGENT_MEMORY_NAMESPACE: 'ada' },
    })
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('add --yes to confirm')
    const implicit = await runCli(['erase', '--yes', ...source()], { env: { AGENT_MEMORY_NAMESPACE: 'ada' } })
    expect(implicit.code).toBe(2)
    const erased = await runCli(['erase', '-n', 'ada', '--yes', '--json', ...source()])
    expect(erased.code, erased.stderr).toBe(0)
    expect(JSON.parse(erased.stdout)).toMatchObject({ command: 'erase', namespace: 'ada' })
    expect(JSON.parse(erased.stdout).memories).toBeGreaterThan(0)
    const listed = await runCli(['list', '-n', 'ada', '--json', ...source()])
    expect((JSON.parse(listed.stdout) as { memories: unknown[] }).memories).toHaveLength(0)
  })
})
