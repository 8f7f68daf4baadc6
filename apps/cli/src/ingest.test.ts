import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, temporaryDirectory } from './__fixtures__/cliProcess.js'

describe('agent-memory ingest (subprocess)', () => {
  let dir: string
  let remove: () => Promise<void>
  let notes: string
  let dataDir: string
  beforeAll(async () => {
    ;({ dir, remove } = await temporaryDirectory())
    notes = path.join(dir, 'notes')
    dataDir = path.join(dir, 'store')
    await mkdir(path.join(notes, 'nested', 'deeper'), { recursive: true })
    await mkdir(path.join(notes, 'node_modules'), { recursive: true })
    await writeFile(
      path.join(notes, 'garden.md'),
      '# Garden\n\nThe roses by the fence need water every second day.\n',
    )
    await writeFile(path.join(notes, 'nested', 'car.txt'), 'The car is due for its inspection in March.\n')
    await writeFile(
      path.join(notes, 'nested', 'deeper', 'facts.jsonl'),
      `${JSON.stringify({ content: 'Hanna speaks Finnish and Swedish', tags: ['language'] })}\n` +
        `${JSON.stringify({ content: 'Hanna prefers tea over coffee', tier: 'procedural' })}\n` +
        'this line is not json\n',
    )
    await writeFile(path.join(notes, 'image.png'), 'not text')
    await writeFile(path.join(notes, 'node_modules', 'skip.md'), 'Never ingested: dependencies are skipped.')
  })
  afterAll(async () => remove())

  const ingest = () => runCli(['ingest', notes, '--namespace', 'hanna', '--data-dir', dataDir, '--json'])

  it('ingests a folder recursively, reports bad lines, and skips unchanged content on a re-run', async () => {
    const first = await ingest()
    const report = JSON.parse(first.stdout)
    expect(report).toMatchObject({ files: 3, filesDone: 3, inserted: 4, unchanged: 0, interrupted: false })
    expect(report.problems).toHaveLength(1)
    expect(report.problems[0]).toMatch(/facts\.jsonl:3: not valid JSON/)
    // A bad line is a partial failure: exit 1, and it is named on stderr.
    expect(first.code).toBe(1)
    expect(first.stderr).toContain('facts.jsonl:3: not valid JSON')
    expect(first.stderr).toMatch(/ingest: done, 3\/3 files/)

    const found = await runCli([
      'search',
      'when is the car inspection',
      '--namespace',
      'hanna',
      '--data-dir',
      dataDir,
      '--json',
    ])
    const hit = JSON.parse(found.stdout).hits[0].memory
    expect(hit.content).toBe('The car is due for its inspection in March.')
    expect(hit.metadata).toMatchObject({ source: path.join(notes, 'nested', 'car.txt'), part: 0 })
    const tea = await runCli([
      'search',
      'tea or coffee',
      '--namespace',
      'hanna',
      '--data-dir',
      dataDir,
      '--json',
    ])
    expect(JSON.parse(tea.stdout).hits[0].memory).toMatchObject({
      tier: 'procedural',
      content: 'Hanna prefers tea over coffee',
    })

    const second = JSON.parse((await ingest()).stdout)
    expect(second).toMatchObject({ inserted: 0, updated: 0, reinforced: 0, unchanged: 4 })
    const listed = JSON.parse(
      (await runCli(['list', '--namespace', 'hanna', '--data-dir', dataDir, '--json'])).stdout,
    )
    expect(listed.memories).toHaveLength(4)
  })

  it('updates the memory of a changed file in place instead of adding another', async () => {
    await writeFile(
      path.join(notes, 'garden.md'),
      '# Garden\n\nThe roses by the fence need water every day in July.\n',
    )
    const report = JSON.parse((await ingest()).stdout)
    expect(report).toMatchObject({ inserted: 0, updated: 1, unchanged: 3 })
    const listed = JSON.parse(
      (await runCli(['list', '--namespace', 'hanna', '--data-dir', dataDir, '--json'])).stdout,
    )
    const garden = listed.memories.filter((memory: { metadata: { source?: string } }) =>
      memory.metadata.source?.endsWith('garden.md'),
    )
    expect(garden).toHaveLength(1)
    expect(garden[0].content).toContain('every day in July')
  })

  it('refuses a file type it cannot read', async () => {
    const result = await runCli([
      'ingest',
      path.join(notes, 'image.png'),
      '--namespace',
      'hanna',
      '--data-dir',
      dataDir,
    ])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(
      /cannot ingest .*image\.png: supported file types are \.md, \.markdown, \.txt, \.jsonl/,
    )
  })
})
