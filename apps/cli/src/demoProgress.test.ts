import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CLI_ROOT } from './__fixtures__/cliProcess.js'

const REPO = path.resolve(CLI_ROOT, '..', '..')
const SCRIPT = path.join(REPO, 'scripts', 'with-progress.mjs')

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('pnpm demo shows progress while it builds', () => {
  it('runs the build through the progress wrapper', async () => {
    const root = JSON.parse(await readFile(path.join(REPO, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    expect(root.scripts.demo).toMatch(
      /^node scripts\/with-progress\.mjs "[^"]+" -- turbo run build --filter=@agent-memory\/cli\.\.\. .*&& node apps\/cli\/dist\/bin\.js demo$/u,
    )
  })

  it('says what it is doing at once and how long it took, passing the output and exit code through', async () => {
    const ok = await run([
      'building',
      '--',
      process.execPath,
      '-e',
      'setTimeout(() => console.log("built"), 300)',
    ])
    expect(ok.code).toBe(0)
    expect(ok.stdout).toBe('built\n')
    expect(ok.stderr).toMatch(/^building… 0s\n(building… \d+s\n)*building: done in \d+s\n$/u)

    const failed = await run(['building', '--', process.execPath, '-e', 'process.exit(3)'])
    expect(failed.code).toBe(3)
    expect(failed.stderr).toMatch(/building: failed after \d+s\n$/u)

    const missing = await run(['building', '--', 'no-such-command-agent-memory'])
    expect(missing.code).toBe(127)
    expect(missing.stderr).toContain('building: cannot run no-such-command-agent-memory')

    expect((await run(['building'])).code).toBe(2)
  })
})
