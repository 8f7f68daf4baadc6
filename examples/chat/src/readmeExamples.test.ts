import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const repo = (file: string) => fileURLToPath(new URL(`../../../${file}`, import.meta.url))
const compiled = () =>
  readFile(fileURLToPath(new URL('__fixtures__/readmeExamples.ts', import.meta.url)), 'utf8')

/** The ```ts blocks of a Markdown text, optionally only those under the heading `section`. */
function tsBlocks(markdown: string, section?: string): string[] {
  const start = section === undefined ? 0 : markdown.indexOf(`\n## ${section}\n`)
  if (start < 0) throw new Error(`no section "${section}"`)
  const end = section === undefined ? markdown.length : markdown.indexOf('\n## ', start + 1)
  const text = markdown.slice(start, end < 0 ? markdown.length : end)
  return [...text.matchAll(/```ts\n([\s\S]*?)```/gu)].map((match) => match[1]!)
}

/** Code compared as tokens: whitespace and the trailing commas a formatter adds are not meaning. */
const squash = (code: string) => code.replace(/,(\s*[)\]}])/gu, '$1').replace(/\s+/gu, '')

/** Every `import { a, b } from 'm'` as `m: a` pairs. */
function imported(code: string): Set<string> {
  const names = new Set<string>()
  for (const [, list, from] of code.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/gmu)) {
    for (const name of list!.split(',')) {
      const bare = name.trim().replace(/^type\s+/u, '')
      if (bare !== '') names.add(`${from}: ${bare}`)
    }
  }
  return names
}

describe('the README examples of observe are code that compiles (src/__fixtures__/readmeExamples.ts)', () => {
  const cases: Array<[string, string | undefined, number]> = [
    ['README.md', 'Automatic memory: the middleware and `observe`', 1],
    ['packages/observe/README.md', undefined, 2],
  ]
  it.each(cases)(
    '%s: every ts block is in the compiled file, imports included',
    async (file, section, count) => {
      const blocks = tsBlocks(await readFile(repo(file), 'utf8'), section)
      expect(blocks).toHaveLength(count)
      const source = await compiled()
      const sourceImports = imported(source)
      for (const block of blocks) {
        const body = block
          .split('\n')
          .filter((line) => !line.startsWith('import '))
          .join('\n')
        expect(squash(source)).toContain(squash(body))
        for (const name of imported(block)) expect(sourceImports).toContain(name)
      }
    },
  )

  it('notices a README line the compiled file does not have', () => {
    const readme =
      "```ts\nimport { observe } from '@agent-memory/observe'\nawait observe(memory, ns, messages, { modle })\n```\n"
    const [block] = tsBlocks(readme)
    expect(squash('await observe(memory, ns, messages, { model })')).not.toContain(
      squash(block!.replace(/^import .*\n/u, '')),
    )
    expect(imported(block!)).toEqual(new Set(['@agent-memory/observe: observe']))
  })
})
