import { CLI_JSON_SCHEMAS } from '@agent-memory/cli/json'
import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'

describe('agent-memory profile (subprocess)', { timeout: 300_000 }, () => {
  const temp = useTemporaryDirectory()
  const cli = (...args: string[]) => runCli([...args, '--namespace', 'ada', '--data-dir', temp.dataDir])

  it('prints the prompt lines, procedural first, within --max-tokens; --json carries the memories', async () => {
    const empty = await cli('profile')
    expect(empty.code, empty.stderr).toBe(0)
    expect(empty.stdout).toMatch(/^no lasting facts in ada yet/u)
    for (const args of [
      ['The user lives in Lisbon.', '--importance', '0.9'],
      ['The user once visited Oslo.', '--importance', '0.1'],
      ['Answer the user in short bullet points.', '--tier', 'procedural'],
      ['The user had pasta for lunch.', '--tier', 'episodic'],
    ]) {
      const written = await cli('remember', ...args)
      expect(written.code, written.stderr).toBe(0)
    }
    const shown = await cli('profile')
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout.split('\n').slice(0, 4)).toEqual([
      '- Answer the user in short bullet points.',
      '- The user lives in Lisbon.',
      '- The user once visited Oslo.',
      expect.stringMatching(/^\(3 memories, about \d+ of 400 tokens\)$/u),
    ])
    const document = CLI_JSON_SCHEMAS.profile.parse(
      JSON.parse((await cli('profile', '--max-tokens', '25', '--json')).stdout),
    )
    expect(document).toMatchObject({ namespace: 'ada', maxTokens: 25 })
    expect(document.tokens).toBeLessThanOrEqual(25)
    expect(document.memories.map((m) => m.content)).toEqual([
      'Answer the user in short bullet points.',
      'The user lives in Lisbon.',
    ])
    expect(document.text).toBe(document.memories.map((m) => `- ${m.content}`).join('\n'))
    // get shows the tracked confidence as of now and when the fact was last observed.
    const lisbon = document.memories[1]!
    expect(lisbon.observedAt).toBeNull()
    expect(lisbon.confidence).toBeGreaterThan(0.39)
    expect(lisbon.confidence).toBeLessThanOrEqual(0.4)
    const detail = await cli('get', lisbon.id)
    expect(detail.stdout).toMatch(/^confidence\s+0\.40 \(observed \d{4}-\d\d-\d\d/mu)
    const bad = await cli('profile', '--max-tokens', '0')
    expect(bad.code).toBe(2)
  })
})
