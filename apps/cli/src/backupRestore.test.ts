import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, startCli } from './__fixtures__/cliProcess.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'

const QUERIES: Array<[string, string]> = [
  ['ada', 'tomatoes'],
  ['ada', 'train Lyon'],
  ['bob', 'chess'],
]

describe('agent-memory backup and restore', () => {
  const temp = useTemporaryDirectory()

  async function answers(dataDir: string): Promise<string[][]> {
    const out: string[][] = []
    for (const [namespace, query] of QUERIES) {
      const result = await runCli(['search', query, '-n', namespace, '--json', '--data-dir', dataDir])
      expect(result.code, result.stderr).toBe(0)
      out.push(
        (JSON.parse(result.stdout) as { hits: Array<{ memory: { id: string } }> }).hits.map(
          (hit) => hit.memory.id,
        ),
      )
    }
    return out
  }

  it('copies the store through the process holding it, and a restore answers the same searches', {
    timeout: 240_000,
  }, async () => {
    const source = temp.dataDir
    const remember = async (namespace: string, content: string) =>
      expect((await runCli(['remember', content, '-n', namespace, '--data-dir', source])).code).toBe(0)
    await remember('ada', `${'The garden has tomatoes and beans along the wall. '.repeat(12)}End.`)
    await remember('ada', 'Takes the train to Lyon on Fridays')
    await remember('bob', 'Runs the chess club on Mondays')
    const expected = await answers(source)
    expect(expected.every((ids) => ids.length > 0)).toBe(true)

    const file = path.join(temp.dir, 'backup.jsonl')
    const server = await startCli(['serve', '--data-dir', source], /serving/)
    try {
      const backup = await runCli(['backup', file, '--json', '--data-dir', source])
      expect(backup.code, backup.stderr).toBe(0)
      expect(backup.stderr).toContain('served by process')
      expect(JSON.parse(backup.stdout)).toMatchObject({
        command: 'backup',
        memories: 3,
        namespaces: ['ada', 'bob'],
      })
    } finally {
      // `serve` stops on Ctrl-C, not on a closed stdin.
      server.child.kill('SIGINT')
      await server.stop()
    }
    const lines = (await readFile(file, 'utf8')).trim().split('\n')
    expect(JSON.parse(lines[0]!)).toMatchObject({ type: 'header', vectors: true })

    const restoredDir = path.join(temp.dir, 'restored')
    const restored = await runCli(['restore', file, '--json', '--data-dir', restoredDir])
    expect(restored.code, restored.stderr).toBe(0)
    expect(JSON.parse(restored.stdout)).toMatchObject({ memories: 3, skipped: [], pendingEmbed: 0 })
    expect(await answers(restoredDir)).toEqual(expected)

    const again = await runCli(['restore', file, '--data-dir', restoredDir])
    expect(again.code).toBe(2)
    expect(again.stderr).toContain('is not empty')
  })
})
