import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

function chat(
  lines: string[],
  dataDir: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, EXAMPLE_DATA_DIR: dataDir, EXAMPLE_USER: 'ada' }
    delete env.OPENROUTER_API_KEY
    const child = spawn(process.execPath, ['dist/main.js'], {
      cwd: root,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(`${lines.join('\n')}\n`)
  })
}

it('the example chat runs offline: recalls into each turn, observes after it, supersedes a move, answers where the user lives', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'agent-memory-example-'))
  try {
    const { code, stdout, stderr } = await chat(
      [
        'I live in Berlin. I like green tea.',
        'Any green tea suggestions?',
        'I live in Lisbon.',
        'Is Lisbon nice?',
        'Where do I live?',
      ],
      path.join(dir, 'store'),
    )
    expect(code, stderr).toBe(0)
    const turns = stdout.split('\n> ')
    expect(turns[0]).toContain('offline scripted model')
    expect(turns[1]).toContain('No relevant long-term memory found.')
    expect(turns[2]).toMatch(/1\. \[score \d\.\d\d \| [^\]]+\] The user likes green tea\./)
    expect(turns[4]).toContain('The user lives in Lisbon.')
    expect(turns[4]).not.toContain('Berlin')
    // A direct question about a stored fact: the keyword leg's evidence ("live") carries it past the
    // lexical embedder's threshold, and the green tea written beside it borrows nothing.
    expect(turns[5]).toMatch(/1\. \[score \d\.\d\d \| [^\]]+\] The user lives in Lisbon\./)
    expect(turns[5]).not.toContain('Berlin')
    expect(turns[5]).not.toContain('green tea')
    expect(stdout).toMatch(/remembered for ada:\n(- .+\n){2}$/)
    expect(stdout).toContain('- The user lives in Lisbon.')
    expect(stdout).toContain('- The user likes green tea.')
    expect(stdout.split('remembered for ada:')[1]).not.toContain('Berlin')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
