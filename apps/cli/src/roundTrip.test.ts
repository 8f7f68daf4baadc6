import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'

describe('agent-memory on the embedded store (subprocess)', () => {
  const temp = useTemporaryDirectory()

  const cli = (...args: string[]) => runCli([...args, '--data-dir', temp.dataDir])

  it('remembers, then finds the memory by search; another namespace does not see it', async () => {
    const remembered = await cli(
      'remember',
      'Alice keeps her bike in the blue shed',
      '--namespace',
      'alice',
      '--tags',
      'home,bike',
    )
    expect(remembered.stderr).toContain('embedder hashing')
    expect(remembered.code).toBe(0)
    const id = /remembered (\S+)/.exec(remembered.stdout)?.[1]
    expect(id).toBeDefined()

    const found = await cli('search', 'where is the bike kept?', '--namespace', 'alice')
    expect(found.code).toBe(0)
    expect(found.stdout).toContain('Alice keeps her bike in the blue shed')
    expect(found.stdout).toContain(`id ${id}`)
    expect(found.stdout).toMatch(/\[score \d\.\d\d \| \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\]/)

    const other = await cli('search', 'where is the bike kept?', '--namespace', 'alice2', '--json')
    expect(other.code).toBe(0)
    expect(JSON.parse(other.stdout).hits).toEqual([])
  })

  it('prints parseable JSON on stdout only, with the notice on stderr', async () => {
    const remembered = await cli(
      'remember',
      'Bob takes the 7:40 train to work',
      '--namespace',
      'bob',
      '--json',
    )
    expect(remembered.code).toBe(0)
    const result = JSON.parse(remembered.stdout)
    expect(result).toMatchObject({ namespace: 'bob', status: 'inserted' })

    const again = JSON.parse(
      (await cli('remember', 'Bob takes the 7:40 train to work', '--namespace', 'bob', '--json')).stdout,
    )
    expect(again).toMatchObject({ id: result.id, status: 'reinforced' })

    const search = await cli('search', 'which train does Bob take', '--namespace', 'bob', '--json')
    const parsed = JSON.parse(search.stdout)
    expect(parsed.hits[0].memory).toMatchObject({
      id: result.id,
      namespace: 'bob',
      content: 'Bob takes the 7:40 train to work',
    })
    expect(parsed.hits[0].memory).not.toHaveProperty('embedding')
    expect(search.stderr).toContain('embedder hashing')

    const got = JSON.parse((await cli('get', result.id, '--namespace', 'bob', '--json')).stdout)
    expect(got.memory.content).toBe('Bob takes the 7:40 train to work')
    const listed = JSON.parse((await cli('list', '--namespace', 'bob', '--json')).stdout)
    expect(listed.memories.map((memory: { id: string }) => memory.id)).toEqual([result.id])

    const stats = await cli('stats', '--json')
    expect(stats.code).toBe(0)
    const parsedStats = JSON.parse(stats.stdout)
    expect(parsedStats.embedder).toMatchObject({ dimensions: 512 })
    expect(parsedStats.namespaces.map((entry: { namespace: string }) => entry.namespace)).toContain('bob')
    expect(parsedStats.storage.tableBytes).toBeGreaterThan(0)
  })

  it('supersedes a fact, keeps its history and answers --as-of with the old one', async () => {
    const old = JSON.parse(
      (
        await cli(
          'remember',
          'Carol works at the harbour office',
          '--namespace',
          'carol',
          '--valid-from',
          '2020-01-01',
          '--json',
        )
      ).stdout,
    )
    const replacement = JSON.parse(
      (
        await cli(
          'remember',
          'Carol works at the station office',
          '--namespace',
          'carol',
          '--supersedes',
          old.id,
          '--json',
        )
      ).stdout,
    )
    const now = JSON.parse(
      (await cli('search', 'where does Carol work', '--namespace', 'carol', '--json')).stdout,
    )
    expect(now.hits.map((hit: { memory: { id: string } }) => hit.memory.id)).toEqual([replacement.id])

    const then = JSON.parse(
      (
        await cli(
          'search',
          'where does Carol work',
          '--namespace',
          'carol',
          '--as-of',
          '2021-06-01',
          '--json',
        )
      ).stdout,
    )
    expect(then.hits.map((hit: { memory: { id: string } }) => hit.memory.id)).toEqual([old.id])

    const history = JSON.parse(
      (await cli('history', replacement.id, '--namespace', 'carol', '--json')).stdout,
    )
    expect(history.history.map((entry: { id: string }) => entry.id)).toEqual([old.id, replacement.id])
  })

  it('forgets a memory, and says so when the id does not exist', async () => {
    const made = JSON.parse(
      (await cli('remember', 'Dave dislikes olives', '--namespace', 'dave', '--json')).stdout,
    )
    // The id belongs to dave: another namespace cannot delete it.
    const wrongNamespace = await cli('forget', made.id, '--namespace', 'eve')
    expect(wrongNamespace.code).toBe(1)
    expect(wrongNamespace.stderr).toContain(`no memory ${made.id} in namespace eve`)
    const forgotten = await cli('forget', made.id, '--namespace', 'dave')
    expect(forgotten.code).toBe(0)
    expect(forgotten.stdout).toBe(`forgot ${made.id}\n`)
    expect((await cli('get', made.id, '--namespace', 'dave')).code).toBe(1)
  })

  it('takes the namespace and data directory from the environment', async () => {
    const env = { AGENT_MEMORY_NAMESPACE: 'frank', AGENT_MEMORY_DATA_DIR: temp.dataDir }
    expect((await runCli(['remember', 'Frank plays the cello'], { env })).code).toBe(0)
    const found = await runCli(['search', 'which instrument', '--json'], { env })
    expect(JSON.parse(found.stdout)).toMatchObject({ namespace: 'frank' })
    expect(JSON.parse(found.stdout).hits[0].memory.content).toBe('Frank plays the cello')
  })
})
