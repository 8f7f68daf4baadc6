import { readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'

const demoDirectories = async () =>
  (await readdir(tmpdir())).filter((name) => name.startsWith('agent-memory-demo-'))

describe('agent-memory demo (subprocess)', () => {
  it('runs the walkthrough offline to completion and removes its store', async () => {
    // Even with a database configured the demo stays on its own temporary embedded store.
    const result = await runCli(['demo'], { env: { DATABASE_URL: 'postgres://nobody:pw@127.0.0.1:1/none' } })
    expect(result.stderr).not.toContain('error')
    expect(result.code).toBe(0)
    const out = result.stdout
    for (const section of [
      '1. Remember',
      '2. Ingest a document',
      '3. Ranking',
      '4. Isolation',
      '5. A superseded fact',
      '6. As of ',
      '7. What the model sees',
    ]) {
      expect(out).toContain(`== ${section}`)
    }
    expect(out).toMatch(/== 6\. As of \d{4}-\d\d-\d\d/)
    // Isolation: bob never sees alice's memories.
    expect(out).toContain("bob searching with Alice's words")
    expect(out).toMatch(/hits, 0 of them from another namespace/)
    // The old fact's validity ends where the new one's begins: no date has both.
    const berlin = /Alice lives in Berlin\.\s+valid (\S+) → (\S+)/u.exec(out)
    const lisbon = /Alice lives in Lisbon now\.\s+valid (\S+) → now/u.exec(out)
    expect(berlin?.[2]).toBe(lisbon?.[1])
    expect(lisbon?.[1]).toMatch(/^\d{4}-\d\d-\d\d$/u)
    // The superseded fact answers the as-of query and not the current one.
    const asOf = out.slice(out.indexOf('== 6. As of'))
    expect(asOf).toMatch(/1\. \[score [\d.]+ \| [^\]]+\] Alice lives in Berlin\./)
    const current = out.slice(out.indexOf('== 5. A superseded fact'), out.indexOf('== 6. As of'))
    expect(current).toMatch(/1\. \[score [\d.]+ \| [^\]]+\] Alice lives in Lisbon now\./)
    // Facts remembered one after another are not a conversation: none borrows a place from the hit
    // written beside it, so below the answer every hit scores on its own (weak) match.
    const listed = (query: string) => {
      const block = out.slice(out.indexOf(`search "${query}"`)).split('\n\n')[0]!
      return [...block.matchAll(/^ *(\d+)\. \[score ([\d.]+) \|/gmu)].map((m) => Number(m[2]))
    }
    for (const query of ['peanut allergy', 'lentil soup recipe']) {
      const [best, ...rest] = listed(query)
      expect(best, query).toBe(1)
      for (const score of rest) expect(score, query).toBeLessThan(0.2)
    }
    expect(out).toContain('A rank score is not a cosine')
    // The tool's exact sentences.
    expect(out).toContain('No relevant long-term memory found. Do not speculate about the user preferences.')
    expect(out).toMatch(
      /--- tool result ---\n1\. \[score \d\.\d\d \| \d{4}-\d\d-\d\dT[\d:]+Z\] Alice is vegetarian: no meat and no fish\.\n/,
    )
    expect(out).toContain('Fix it and call memory_search again.')
    // What the model is handed holds no hit that is there only for the user's name: each line holds
    // a word of its question.
    const toolResult = (query: string) => {
      const block = out.slice(out.indexOf(`memory_search {"query":"${query}"`))
      return block
        .slice(block.indexOf('--- tool result ---\n') + 20, block.indexOf('--- end ---'))
        .trim()
        .split('\n')
    }
    for (const [query, word] of [
      ['Is Alice vegetarian?', /vegetarian/i],
      ['Does Bob have any allergies?', /allerg/i],
    ] as const) {
      const lines = toolResult(query)
      expect(lines.length, query).toBeGreaterThan(0)
      for (const line of lines) expect(line, query).toMatch(word)
    }
    expect(toolResult('Does Bob have any allergies?')).toEqual([
      expect.stringMatching(/^1\. \[score \d\.\d\d \| [^\]]+\] Bob is allergic to shellfish\.$/),
    ])
    expect(out).toContain('a memory that shares only the name with a question is not handed over')
    expect(out).toContain('re-runs skip content already stored')
    expect(out).toMatch(/Done\. The temporary store is removed/)
    const dataDir = /embedded PGlite at (\S+)/.exec(out)?.[1]
    expect(dataDir).toBeDefined()
    expect(await demoDirectories()).not.toContain(dataDir!.split('/').pop())
  })
})
