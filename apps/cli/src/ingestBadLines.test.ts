import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'

/** `{"a":{"a":…"deep"…}}` as text: JSON.stringify of it would overflow a test worker's stack. */
function nestedJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}"deep"${'}'.repeat(depth)}`
}

describe('agent-memory ingest with bad lines and binary files (subprocess)', () => {
  const temp = useTemporaryDirectory()

  // A store per case: a case that fails cannot leave its store locked for the next one.
  const storeFor = (name: string) => {
    const dataDir = path.join(temp.dir, `store-${name}`)
    return (...args: string[]) => runCli([...args, '--data-dir', dataDir])
  }

  it('names each bad line as file:line: reason, writes the rest, and says so in the exit code', async () => {
    const cli = storeFor('bad-lines')
    const other = path.join(temp.dir, 'other.jsonl')
    await writeFile(other, `${JSON.stringify({ id: 'shared-id', content: 'Owned by another user' })}\n`)
    expect((await cli('ingest', other, '-n', 'bob')).code).toBe(0)

    const file = path.join(temp.dir, 'facts.jsonl')
    await writeFile(
      file,
      [
        JSON.stringify({ content: 'Ana moved to Porto in 2021' }),
        JSON.stringify({ content: 'Ana keeps bees', metadata: { note: 'hive\u0000two', odd: '\ud800' } }),
        JSON.stringify({ content: 'Ana was born', createdAt: '0000-01-01' }),
        `{"content":"Ana nests","metadata":${nestedJson(5000)}}`,
        JSON.stringify({ id: 'shared-id', content: 'Ana claims the id of another namespace' }),
        JSON.stringify({ content: 'Ana plays the cello' }),
      ].join('\n'),
    )
    const first = await cli('ingest', file, '-n', 'ana', '--json')
    expect(first.stderr).toContain(`${file}:3: createdAt: out of range`)
    expect(first.stderr).toContain(`${file}:4: metadata: nested deeper than 32 levels`)
    expect(first.stderr).toMatch(new RegExp(`${file}:5: .*id.*"shared-id" cannot be used`))
    expect(first.stderr).not.toMatch(/SQLSTATE|Maximum call stack|\n\s+at /)
    const report = JSON.parse(first.stdout)
    expect(report).toMatchObject({ inserted: 3, filesDone: 1, interrupted: false })
    expect(report.problems).toHaveLength(3)
    expect(first.code).toBe(1)

    const listed = JSON.parse((await cli('list', '-n', 'ana', '--json')).stdout)
    const contents = listed.memories.map((memory: { content: string }) => memory.content).sort()
    expect(contents).toEqual(['Ana keeps bees', 'Ana moved to Porto in 2021', 'Ana plays the cello'])
    const bees = listed.memories.find((memory: { content: string }) => memory.content === 'Ana keeps bees')
    expect(bees.metadata).toMatchObject({ note: 'hivetwo', odd: '\ufffd' })
    // The other namespace's memory is untouched.
    const bob = JSON.parse((await cli('get', 'shared-id', '-n', 'bob', '--json')).stdout)
    expect(bob.memory.content).toBe('Owned by another user')

    const again = await cli('ingest', file, '-n', 'ana', '--json')
    expect(JSON.parse(again.stdout)).toMatchObject({ inserted: 0, unchanged: 3 })
    expect(again.code).toBe(1)
  })

  it('streams a .jsonl file with progress naming the line', async () => {
    const cli = storeFor('stream')
    const file = path.join(temp.dir, 'many.jsonl')
    const lines = Array.from({ length: 300 }, (_, i) => JSON.stringify({ content: `Fact number ${i}` }))
    await writeFile(file, `${lines.join('\n')}\n`)
    const result = await cli('ingest', file, '-n', 'many', '--json')
    expect(result.code).toBe(0)
    expect(result.stderr).toMatch(/ingest: 0\/1 files.* · many\.jsonl line 1\b/)
    expect(JSON.parse(result.stdout)).toMatchObject({ inserted: 300, problems: [] })
  })

  it('skips a binary file named .txt or .md with a warning and ingests the text beside it', async () => {
    const cli = storeFor('binary')
    const folder = path.join(temp.dir, 'mixed')
    await import('node:fs/promises').then((fs) => fs.mkdir(folder))
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48])
    await writeFile(path.join(folder, 'photo.txt'), Buffer.concat([png, Buffer.alloc(2000, 7)]))
    await writeFile(
      path.join(folder, 'random.md'),
      Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 37 + 11) % 256 || 1)),
    )
    await writeFile(path.join(folder, 'notes.md'), 'Ana prefers window seats on trains.\n')
    const result = await cli('ingest', folder, '-n', 'mixed', '--json')
    expect(result.stderr).toMatch(/warning: skipped .*photo\.txt: binary content \(NUL bytes\)/)
    expect(result.stderr).toMatch(/warning: skipped .*random\.md: binary content \(not UTF-8 text\)/)
    const report = JSON.parse(result.stdout)
    expect(report).toMatchObject({ files: 3, filesDone: 3, inserted: 1, problems: [] })
    expect(report.skippedFiles).toHaveLength(2)
    expect(result.code).toBe(0)
    const listed = JSON.parse((await cli('list', '-n', 'mixed', '--json')).stdout)
    expect(listed.memories.map((memory: { content: string }) => memory.content)).toEqual([
      'Ana prefers window seats on trains.',
    ])
  })
})
