import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BUNDLED_BIN, CLI_ROOT, cliEnv, runCli } from './__fixtures__/cliProcess.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'
import { demoAssetPath } from './demo/demoAssetPath.js'

/** The module files a real `node dist/bundle/bin.js ...argv` process imports. */
function importsOf(argv: string[]): string[] {
  const recorder = new URL('./__fixtures__/recordImports.mjs', import.meta.url).href
  const result = spawnSync(process.execPath, ['--import', recorder, BUNDLED_BIN, ...argv], {
    env: cliEnv(),
    encoding: 'utf8',
  })
  expect(result.status, result.stderr).toBe(0)
  return result.stderr
    .split('\n')
    .filter((line) => line.startsWith('imported '))
    .map((line) => line.slice('imported '.length))
}

describe('the bundled command (the package bin)', () => {
  const temp = useTemporaryDirectory()

  it('is the package bin, and --version reads the package version from its few own files', () => {
    const manifest = JSON.parse(readFileSync(path.join(CLI_ROOT, 'package.json'), 'utf8'))
    expect(path.join(CLI_ROOT, manifest.bin['agent-memory'])).toBe(BUNDLED_BIN)
    const result = spawnSync(process.execPath, [BUNDLED_BIN, '--version'], {
      env: cliEnv(),
      encoding: 'utf8',
    })
    expect(result.stdout.trim()).toBe(manifest.version)
    const imported = importsOf(['--version'])
    expect(
      imported.every((url) => url.includes('/dist/bundle/')),
      imported.join('\n'),
    ).toBe(true)
    expect(imported.length).toBeLessThan(15)
  })

  it('prints the help, with every command, from its few own files', () => {
    const result = spawnSync(process.execPath, [BUNDLED_BIN, '--help'], { env: cliEnv(), encoding: 'utf8' })
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^Usage: agent-memory/m)
    for (const command of ['search', 'remember', 'ingest', 'serve']) expect(result.stdout).toContain(command)
    const imported = importsOf(['--help'])
    expect(
      imported.every((url) => url.includes('/dist/bundle/')),
      imported.join('\n'),
    ).toBe(true)
  })

  it('remembers and searches as the unbundled program does, migrations and all', async () => {
    const dataDir = path.join(temp.dir, 'store')
    const remembered = await runCli(
      ['remember', 'Alice keeps her bike in the blue shed', '--namespace', 'alice', '--data-dir', dataDir],
      { bin: BUNDLED_BIN },
    )
    expect(remembered.code, remembered.stderr).toBe(0)
    const search = [
      'search',
      'where is the bike kept?',
      '--namespace',
      'alice',
      '--json',
      '--data-dir',
      dataDir,
    ]
    const bundled = await runCli(search, { bin: BUNDLED_BIN })
    const unbundled = await runCli(search)
    expect(bundled.code, bundled.stderr).toBe(0)
    expect(JSON.parse(bundled.stdout).hits[0].memory.content).toBe('Alice keeps her bike in the blue shed')
    // A search reinforces what it returns, so the second reads later access counts: compare the hits.
    const hits = (stdout: string) =>
      (JSON.parse(stdout).hits as Array<{ rank: number; memory: { id: string; content: string } }>).map(
        (hit) => [hit.rank, hit.memory.id, hit.memory.content],
      )
    expect(hits(bundled.stdout)).toEqual(hits(unbundled.stdout))
  })

  it('leaves the optional embedder package out: it is found beside the command or not at all', () => {
    const dir = path.dirname(BUNDLED_BIN)
    const files = readdirSync(dir).filter((file) => file.endsWith('.js'))
    const text = files.map((file) => readFileSync(path.join(dir, file), 'utf8')).join('\n')
    expect(text).toContain("import('@agent-memory/embedder-use')".replace(/'/g, '"'))
    expect(text).not.toContain('embedder-use/dist/')
  })

  it('finds the demo document from the package folder', () => {
    expect(existsSync(demoAssetPath())).toBe(true)
  })
})
