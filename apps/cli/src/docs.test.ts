import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BIN, CLI_ROOT, runCli, temporaryDirectory } from './__fixtures__/cliProcess.js'

interface Surface {
  commands: string[]
  global: Set<string>
  perCommand: Map<string, Set<string>>
}
interface CheckDocsModule {
  cliSurface(bin?: string): Surface
  checkCliMentions(file: string, markdown: string, surface: Surface): string[]
  checkDefaults(file: string, markdown: string, defaults: Record<string, unknown>): string[]
  checkProse(file: string, markdown: string): string[]
  checkLinks(file: string, markdown: string): string[]
  checkReadmeShape(file: string, markdown: string): string[]
  checkDocs(): Promise<string[]>
}

const SCRIPT = path.resolve(CLI_ROOT, '..', '..', 'scripts', 'check-docs.mjs')
const load = async () => (await import(pathToFileURL(SCRIPT).href)) as CheckDocsModule

describe('the docs check (scripts/check-docs.mjs, also a CI step)', { timeout: 300_000 }, () => {
  let surface: Surface
  beforeAll(async () => {
    surface = (await load()).cliSurface(BIN)
  })

  it('finds every README command, flag and default in the built CLI and the exported constants', async () => {
    expect(await (await load()).checkDocs()).toEqual([])
  })

  it('fails on a command, a flag or a default the code does not have', async () => {
    const docs = await load()
    const readme = [
      'Run `agent-memory migrate` first, then `agent-memory search "x" --nonsense`.',
      '```sh',
      'agent-memory remember "x" --tags a   # the hidden synonym is accepted, not documented',
      'agent-memory list --tag a --limit 3',
      '```',
    ].join('\n')
    expect(docs.checkCliMentions('README.md', readme, surface)).toEqual([
      expect.stringMatching(/^README\.md:1: `agent-memory migrate` is not a command/u),
      'README.md:1: --nonsense is not an option of `agent-memory search`',
      'README.md:3: --tags is not an option of `agent-memory remember`',
    ])
    const defaults = { exactSearchMaxRows: 2000, statementTimeoutMs: 30_000, migrate: false }
    const prose =
      '`statementTimeoutMs` (default 30 s), `exactSearchMaxRows` (default 10,000), `migrate` (default false), `bulkThreshold` (default 500)'
    expect(docs.checkDefaults('README.md', prose, defaults)).toEqual([
      'README.md:1: `exactSearchMaxRows` is documented as 10,000 but defaults to 2000',
      'README.md:1: documents a default for `bulkThreshold`, which the exported defaults do not have',
    ])
    const table = [
      '| option | default |',
      '| --- | --- |',
      '| `statementTimeoutMs` / `migrate` | 30,000 / true |',
    ].join('\n')
    expect(docs.checkDefaults('README.md', table, defaults)).toEqual([
      'README.md:3: `migrate` is documented as true but defaults to false',
    ])
  })

  it('fails on machine paths, issue numbers as history and accounts of the project’s making', async () => {
    const docs = await load()
    const page = [
      'Measured in /work/keep/bench468 on the build machine.',
      'Run `pnpm bench --out /home/ada/runs` to keep the report.',
      'Scratch files went to /tmp/w10p.',
      '```sh',
      'agent-memory init --data-dir /tmp/demo   # a directory a user types',
      'ls /root/.cache',
      '```',
      'Recall went up before #16, see issue 12 and PR #40.',
      'An earlier session measured 5 ms; the lead kept it (the issue’s report).',
      'Words follow UAX #29; [jump](#how-recall-ranks); read /usr/share/doc or `/absolute/path/to/.agent-memory`.',
    ].join('\n')
    expect(docs.checkProse('docs/x.md', page)).toEqual([
      "docs/x.md:1: a machine's directory (/work/keep): name it relative to the checkout or as a placeholder",
      "docs/x.md:2: a machine's directory (/home/ada/runs): name it relative to the checkout or as a placeholder",
      "docs/x.md:3: a machine's directory (/tmp/w10p) in prose",
      "docs/x.md:6: a machine's directory (/root/.cache): name it relative to the checkout or as a placeholder",
      'docs/x.md:8: "#16" is history: say what is true now (changes belong in the changelogs)',
      'docs/x.md:9: "An earlier session" tells how the project was made: state the result and how to reproduce it',
    ])
    expect(
      docs.checkLinks('README.md', '[guide](docs/no-such-guide.md) and [arch](ARCHITECTURE.md#layers)'),
    ).toEqual(['README.md:1: the link docs/no-such-guide.md points to nothing'])
  })

  it('fails on a README over 220 lines or with a line over 200 characters outside code blocks', async () => {
    const docs = await load()
    const fits = ['# x', ...Array.from({ length: 219 }, () => 'text'), ''].join('\n')
    expect(docs.checkReadmeShape('README.md', fits)).toEqual([])
    expect(docs.checkReadmeShape('README.md', `${fits}one more\n`)).toEqual([
      "README.md: 221 lines, over 220: move a section's detail to a page under docs/",
    ])
    const long = 'x'.repeat(201)
    const page = ['a table row:', `| ${long} |`, '```sh', long, '```', `${'é'.repeat(200)}`].join('\n')
    expect(docs.checkReadmeShape('README.md', page)).toEqual(['README.md:2: 205 characters, over 200'])
  })

  it('shows two examples in every command help, using only that command’s options', () => {
    expect(surface.commands.length).toBeGreaterThanOrEqual(13)
    for (const command of surface.commands) {
      const help = execFileSync(process.execPath, [BIN, command, '--help'], { encoding: 'utf8' })
      const examples = help.slice(help.indexOf('\nExamples:\n'))
      const lines = [...examples.matchAll(/^ {2}\$ (agent-memory .+)$/gmu)].map((match) => match[1]!)
      expect(lines.length, `${command} --help`).toBeGreaterThanOrEqual(2)
      expect(examples).toMatch(/^\nExamples:\n {2}# \S/u)
      for (const line of lines) {
        expect(line.startsWith(`agent-memory ${command}`), line).toBe(true)
        for (const flag of line.match(/(?<![\w-])--[a-z][\w-]*/gu) ?? []) {
          const known = surface.global.has(flag) || (surface.perCommand.get(command)?.has(flag) ?? false)
          expect(known, `${flag} in "${line}"`).toBe(true)
        }
      }
    }
  })
})

describe('--tag and --tags', { timeout: 300_000 }, () => {
  let remove: () => Promise<void>
  let dataDir: string
  beforeAll(async () => {
    let dir: string
    ;({ dir, remove } = await temporaryDirectory())
    dataDir = path.join(dir, 'store')
  })
  afterAll(async () => remove())

  it('are both accepted by remember, search and list (help documents --tag)', async () => {
    const cli = (...args: string[]) => runCli([...args, '-n', 'tags', '--data-dir', dataDir, '--json'])
    const remembered = await cli(
      'remember',
      'Tess bakes sourdough on Fridays',
      '--tags',
      'food,weekly',
      '--tag',
      'baking',
    )
    expect(remembered.code).toBe(0)
    const { id } = JSON.parse(remembered.stdout) as { id: string }
    const listed = await cli('list', '--tags', 'food', '--tag', 'baking')
    expect(
      (JSON.parse(listed.stdout) as { memories: Array<{ id: string; tags: string[] }> }).memories,
    ).toEqual([expect.objectContaining({ id, tags: ['baking', 'food', 'weekly'] })])
    const found = await cli('search', 'sourdough', '--tags', 'weekly')
    expect(
      (JSON.parse(found.stdout) as { hits: Array<{ memory: { id: string } }> }).hits.map(
        (hit) => hit.memory.id,
      ),
    ).toEqual([id])
    const none = await cli('search', 'sourdough', '--tag', 'weekly', '--tags', 'missing')
    expect((JSON.parse(none.stdout) as { hits: unknown[] }).hits).toEqual([])
  })
})
