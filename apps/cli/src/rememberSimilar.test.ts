import { CLI_JSON_SCHEMAS } from '@agent-memory/cli/json'
import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'

describe('agent-memory remember: near-duplicate hints (subprocess)', { timeout: 300_000 }, () => {
  const temp = useTemporaryDirectory()
  const cli = (...args: string[]) => runCli([...args, '--namespace', 'ada', '--data-dir', temp.dataDir])

  it('prints "similar to <id> (score)" under the new id, keeps both, and carries them in --json', async () => {
    const first = await cli('remember', 'Ada likes green tea.', '--json')
    expect(first.code, first.stderr).toBe(0)
    const firstDocument = CLI_JSON_SCHEMAS.remember.parse(JSON.parse(first.stdout))
    expect(firstDocument.similar).toBeUndefined()

    const second = await cli('remember', 'Ada really likes green tea.')
    expect(second.code, second.stderr).toBe(0)
    const [written, hint] = second.stdout.trimEnd().split('\n')
    expect(written).toMatch(/^remembered \S+$/u)
    expect(hint).toMatch(new RegExp(`^similar to ${firstDocument.id} \\(0\\.\\d\\d\\)$`, 'u'))

    const third = await cli('remember', 'Ada really likes green tea a lot.', '--json')
    const document = CLI_JSON_SCHEMAS.remember.parse(JSON.parse(third.stdout))
    expect(document.status).toBe('inserted')
    expect(document.similar?.length).toBeGreaterThanOrEqual(1)
    for (const hit of document.similar ?? []) expect(hit.score).toBeGreaterThanOrEqual(0.7)
    const list = CLI_JSON_SCHEMAS.list.parse(JSON.parse((await cli('list', '--json')).stdout))
    expect(list.memories).toHaveLength(3)
  })
})
