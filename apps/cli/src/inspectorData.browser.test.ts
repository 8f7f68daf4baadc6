import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLI_ROOT, runCli, startCli, temporaryDirectory } from './__fixtures__/cliProcess.js'

/** Debian's chromium, installed by scripts/setup-chromium.sh (apt) when missing; never downloaded. */
function chromiumPath(): string {
  return execFileSync('bash', [path.join(CLI_ROOT, '../../scripts/setup-chromium.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim()
}

describe('the web inspector: export a namespace, erase it with a typed confirmation', {
  timeout: 300_000,
}, () => {
  let dir: string
  let remove: () => Promise<void>
  let dataDir: string
  let ui: Awaited<ReturnType<typeof startCli>>
  let url: URL
  let browser: Browser
  const at = (pathname: string, params: Record<string, string> = {}) => {
    const target = new URL(pathname, url)
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value)
    target.searchParams.set('token', url.searchParams.get('token')!)
    return target.toString()
  }

  beforeAll(async () => {
    ;({ dir, remove } = await temporaryDirectory('am-ui-data-'))
    dataDir = path.join(dir, 'store')
    for (const [namespace, content] of [
      ['ada', 'Ada prefers green tea'],
      ['ada', 'Ada lives in Lyon'],
      ['bob', 'Bob plays chess'],
    ] as const) {
      const result = await runCli(['remember', content, '-n', namespace, '--data-dir', dataDir])
      expect(result.code, result.stderr).toBe(0)
    }
    ui = await startCli(['ui', '--data-dir', dataDir], /open the address above/)
    for (let wait = 0; wait < 100 && !ui.stdout().includes('\n'); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    url = new URL(ui.stdout().trim())
    browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] })
  })
  afterAll(async () => {
    await browser?.close()
    if (ui !== undefined) {
      ui.child.kill('SIGINT')
      await ui.stop()
    }
    await remove()
  })

  it('downloads a namespace as an export file from the memories page', async () => {
    const page = await browser.newPage()
    await page.goto(at('/memories', { ns: 'ada' }))
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export (download)' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('ada.jsonl')
    const saved = path.join(dir, 'downloaded.jsonl')
    await download.saveAs(saved)
    const lines = execFileSync('cat', [saved], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines[0]).toMatchObject({ type: 'header', format: 'agent-memory-export' })
    expect(
      lines
        .slice(1)
        .map((record) => record.memory.content)
        .sort(),
    ).toEqual(['Ada lives in Lyon', 'Ada prefers green tea'])
    await page.close()
  })

  it('erases only once the namespace is typed out, and leaves the others', async () => {
    const refused = await fetch(at('/api/namespace/erase'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ namespace: 'ada', confirm: 'ad' }),
    })
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { error: string }).error).toContain('type the namespace exactly')

    const page = await browser.newPage()
    await page.goto(at('/memories', { ns: 'ada' }))
    await page.getByRole('link', { name: 'Erase this namespace…' }).click()
    await expect(page.title()).resolves.toContain('Erase ada?')
    await page.getByLabel('Type the namespace to confirm:').fill('ada')
    await Promise.all([
      page.waitForURL((target) => target.pathname === '/'),
      page.getByRole('button', { name: 'Erase ada' }).click(),
    ])
    const namespaces = (await (await fetch(at('/api/namespaces'))).json()) as {
      namespaces: Array<{ namespace: string }>
    }
    expect(namespaces.namespaces.map((each) => each.namespace)).toEqual(['bob'])
    await page.close()
  })
})
