import { execFileSync } from 'node:child_process'
import { request } from 'node:http'
import path from 'node:path'
import { openEmbeddedStore } from '@agent-memory/store-pgvector'
import { type FakeEmbeddingsServer, startFakeEmbeddingsServer } from '@agent-memory/testkit'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLI_ROOT, runCli, startCli, temporaryDirectory } from './__fixtures__/cliProcess.js'

const API_KEY = 'sk-or-v1-inspector-test-0123456789abcdef'
const SCREENSHOTS = process.env.INSPECTOR_SCREENSHOTS

/** Debian's chromium, installed by scripts/setup-chromium.sh (apt) when missing; never downloaded. */
function chromiumPath(): string {
  return execFileSync('bash', [path.join(CLI_ROOT, '../../scripts/setup-chromium.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim()
}

/** A raw HTTP GET with a chosen Host header (fetch will not let a test set it). */
function rawGet(port: number, pathname: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (res) => {
      let body = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('agent-memory ui (the web inspector in Debian chromium)', { timeout: 300_000 }, () => {
  let dir: string
  let remove: () => Promise<void>
  let embeddings: FakeEmbeddingsServer
  let embedderDown = false
  let ui: Awaited<ReturnType<typeof startCli>>
  let url: URL
  let browser: Browser
  let page: Page
  let dataDir: string
  const cli = (...args: string[]) =>
    runCli([...args, '--data-dir', dataDir, '--base-url', embeddings.url], {
      env: { OPENROUTER_API_KEY: API_KEY },
    })
  const ids: Record<string, string> = {}
  const remember = async (key: string, ...args: string[]) => {
    const result = await cli('remember', ...args, '--namespace', 'ada', '--json')
    expect(result.code, result.stderr).toBe(0)
    ids[key] = (JSON.parse(result.stdout) as { id: string }).id
    return JSON.parse(result.stdout) as { id: string; degraded?: string }
  }
  /** Links memories in the data directory before the inspector holds it. */
  const linkInStore = async (pairs: Array<[string, string]>) => {
    const init = JSON.parse((await cli('init', '--json')).stdout) as {
      embedder: { model: string | null; dimensions: number }
    }
    const store = await openEmbeddedStore({
      dataDir,
      dimensions: init.embedder.dimensions,
      ...(init.embedder.model === null ? {} : { model: init.embedder.model }),
      handleSignals: false,
    })
    try {
      for (const [from, to] of pairs) expect(await store.addLink('lin', ids[from]!, ids[to]!)).toBe(true)
    } finally {
      await store.close()
    }
  }
  const at = (pathname: string, params: Record<string, string> = {}) => {
    const target = new URL(pathname, url)
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value)
    target.searchParams.set('token', url.searchParams.get('token')!)
    return target.toString()
  }
  const shoot = async (name: string) => {
    if (SCREENSHOTS !== undefined)
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true })
  }

  beforeAll(async () => {
    ;({ dir, remove } = await temporaryDirectory('am-ui-'))
    dataDir = path.join(dir, 'store')
    embeddings = await startFakeEmbeddingsServer({
      apiKey: API_KEY,
      // A 400 is not retried: "down" stores memories pending at once and fails repairs at once.
      faults: () => (embedderDown ? { kind: 'status', status: 400 } : undefined),
    })
    await remember('tea', 'Ada prefers green tea to coffee, no sugar', '--tags', 'drinks')
    await remember(
      'long',
      `${'Ada keeps a travel journal. '.repeat(12)}On her last trip she hiked the Dolomites and loved the via ferrata routes. ${'She writes every evening. '.repeat(10)}`,
    )
    await remember('paris', 'Ada lives in Paris')
    await remember('lyon', 'Ada lives in Lyon', '--supersedes', ids.paris!)
    // Links, in a namespace of their own (the cases below count ada's memories).
    const inLin = async (key: string, ...args: string[]) => {
      const result = await cli('remember', ...args, '--namespace', 'lin', '--json')
      expect(result.code, result.stderr).toBe(0)
      ids[key] = (JSON.parse(result.stdout) as { id: string }).id
    }
    await inLin('linHome', 'Lin lives in Lyon')
    await inLin('linTram', 'Lin rides tram T1 to the university')
    await inLin('linFlat', 'Lin rents a flat on the fourth floor')
    await inLin('linMoved', 'Lin rents a flat on the fifth floor', '--supersedes', ids.linFlat!)
    await inLin('linGone', 'Lin borrowed a ladder')
    await linkInStore([
      ['linHome', 'linTram'],
      ['linTram', 'linHome'],
      ['linTram', 'linFlat'],
      ['linTram', 'linGone'],
    ])
    expect((await cli('forget', ids.linGone!, '--namespace', 'lin')).code).toBe(0)
    embedderDown = true
    expect((await remember('cat', "Ada's cat is called Mimi")).degraded).toBe('pending_embed')

    ui = await startCli(
      ['ui', '--data-dir', dataDir, '--base-url', embeddings.url],
      /open the address above/,
      { env: { OPENROUTER_API_KEY: API_KEY } },
    )
    for (let wait = 0; wait < 100 && !ui.stdout().includes('\n'); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    url = new URL(ui.stdout().trim())
    browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] })
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    // No request may leave the machine: every one the page makes goes to the inspector itself.
    page.on('request', (sent) => {
      if (new URL(sent.url()).origin !== url.origin) throw new Error(`external request: ${sent.url()}`)
    })
  })
  afterAll(async () => {
    await browser?.close()
    if (ui !== undefined) {
      ui.child.kill('SIGINT')
      await ui.stop()
    }
    await embeddings?.close()
    await remove()
  })

  it('prints a loopback address with a token, and refuses requests without it, with a wrong one or a foreign Host', async () => {
    expect(url.hostname).toBe('127.0.0.1')
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{40,}$/)
    const port = Number(url.port)
    const bare = await fetch(new URL('/', url))
    expect(bare.status).toBe(403)
    expect(await bare.text()).toContain('missing or wrong token')
    expect((await fetch(new URL('/?token=wrong', url))).status).toBe(403)
    expect((await fetch(new URL('/api/namespaces', url))).status).toBe(403)
    // DNS rebinding: a page on another name that resolves to 127.0.0.1 sends that name as Host.
    const rebound = await rawGet(port, `/?token=${url.searchParams.get('token')}`, `evil.example:${port}`)
    expect(rebound.status).toBe(403)
    expect(rebound.body).toContain('unexpected Host header')
    const ok = await fetch(at('/api/namespaces'))
    expect(ok.status).toBe(200)
    expect(ok.headers.get('access-control-allow-origin')).toBeNull()
    // Binding where other machines can connect needs an explicit --allow-remote.
    const remote = await runCli(['ui', '--host', '0.0.0.0', '--data-dir', path.join(dir, 'unused')])
    expect(remote.code).toBe(2)
    expect(remote.stderr).toMatch(/refusing to serve the inspector on 0\.0\.0\.0.*--allow-remote/)
    // The browser, without the token, is refused too.
    const response = await page.goto(new URL('/', url).toString())
    expect(response?.status()).toBe(403)
  })

  it('shows the namespaces with counts, the pending embed and the recorded embedder', async () => {
    await page.goto(url.toString())
    await expect(page.title()).resolves.toContain('Namespaces')
    const row = page.getByRole('row', { name: /^ada/ })
    // 5 memories: tea, long, paris (superseded), lyon, cat (pending).
    await expect(row.locator('td').first().textContent()).resolves.toBe('5')
    const text = await page.locator('main').textContent()
    expect(text).toContain('openai/text-embedding-3-small (1536 dimensions)')
    expect(text).toMatch(/1 pending, 0 parked/)
    await shoot('inspector-namespaces')
  })

  it('lists a namespace newest first, filters by text, tier and tag, and shows superseded state', async () => {
    await page.goto(url.toString())
    await page.getByRole('link', { name: 'ada', exact: true }).click()
    await expect(page.title()).resolves.toContain('Memories of ada')
    const rows = page.locator('tbody tr')
    expect(await rows.count()).toBe(5)
    await expect(rows.first().textContent()).resolves.toContain('Mimi')
    await expect(page.getByRole('row', { name: /Ada lives in Paris/ }).textContent()).resolves.toContain(
      'superseded',
    )
    await shoot('inspector-memories')
    await page.getByLabel('Text contains').fill('lives in')
    await page.getByRole('button', { name: 'Filter' }).click()
    expect(await rows.count()).toBe(2)
    await page.getByLabel('Superseded').selectOption('hide')
    await page.getByRole('button', { name: 'Filter' }).click()
    expect(await rows.count()).toBe(1)
    await expect(rows.first().textContent()).resolves.toContain('Lyon')
    await page.getByLabel('Text contains').fill('')
    await page.getByLabel('Tag').fill('drinks')
    await page.getByRole('button', { name: 'Filter' }).click()
    expect(await rows.count()).toBe(1)
    await expect(rows.first().textContent()).resolves.toContain('green tea')
  })

  it("shows a memory's links resolved and follows them; search lists linked memories on request", async () => {
    await page.goto(at('/memory', { ns: 'lin', id: ids.linTram! }))
    const linked = page.getByRole('list', { name: 'Linked memories' })
    const text = await linked.textContent()
    expect(text).toContain('Lin lives in Lyon')
    // A superseded target shows its current version; a forgotten one is marked gone.
    expect(text).toMatch(/Lin rents a flat on the fifth floor · current version of the linked/)
    expect(text).toContain(`${ids.linGone} · gone (forgotten, swept or expired)`)
    await shoot('inspector-links')
    await linked.getByRole('link', { name: 'Lin rents a flat on the fifth floor' }).click()
    await page.waitForURL((target) => target.searchParams.get('id') === ids.linMoved)
    await page.goto(at('/memory', { ns: 'lin', id: ids.linHome! }))
    await page
      .getByRole('list', { name: 'Linked memories' })
      .getByRole('link', { name: /tram T1/ })
      .click()
    await page.waitForURL((target) => target.searchParams.get('id') === ids.linTram)
    await expect(page.locator('pre').first().textContent()).resolves.toBe(
      'Lin rides tram T1 to the university',
    )

    await page.goto(at('/search', { ns: 'lin' }))
    await page.getByLabel('Query').fill('Lin lives in Lyon')
    await page.getByLabel('Limit').fill('1')
    await page.getByLabel('Linked memories too').check()
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForURL((target) => target.searchParams.get('linked') === 'on')
    const appended = page.getByRole('list', { name: 'Linked to the hits' })
    await expect(appended.textContent()).resolves.toMatch(
      /Lin rides tram T1 to the university\s*· linked from hit 1/,
    )
    // Without the box, nothing is appended.
    await page.goto(at('/search', { ns: 'lin', q: 'Lin lives in Lyon', limit: '1' }))
    expect(await page.getByRole('list', { name: 'Linked to the hits' }).count()).toBe(0)
  })

  it("shows the namespace's profile: live durable facts in profile order, as the prompt carries them", async () => {
    await page.goto(at('/memories', { ns: 'ada' }))
    await page.getByRole('link', { name: 'Profile' }).click()
    await expect(page.title()).resolves.toContain('Profile of ada')
    const rows = page.locator('tbody tr')
    // tea, long, lyon and the pending cat; Paris is superseded.
    expect(await rows.count()).toBe(4)
    const text = await page.locator('main').textContent()
    expect(text).toContain('Ada lives in Lyon')
    expect(text).not.toContain('Ada lives in Paris')
    expect(text).toContain('- Ada prefers green tea to coffee, no sugar')
    const api = (await (await fetch(at('/api/profile', { namespace: 'ada' }))).json()) as {
      memories: Array<{ id: string }>
      maxTokens: number
    }
    expect(api.maxTokens).toBe(400)
    expect(api.memories.map((m) => m.id).sort()).toEqual([ids.tea, ids.long, ids.lyon, ids.cat].sort())
    await shoot('inspector-profile')
  })

  it('searches as the agent does: fused and per-leg scores, and the exact memory_search text', async () => {
    embedderDown = false
    await page.goto(at('/search', { ns: 'ada' }))
    // The fake embedder's vectors are deterministic per text but carry no meaning: a query equal to
    // a memory (or a chunk) finds it with cosine 1 on that leg, anything else scores near 0.
    await page.getByLabel('Query').fill('Ada prefers green tea to coffee, no sugar')
    await page.getByRole('button', { name: 'Search' }).click()
    const hit = page.locator('li.hit', { hasText: 'green tea' }).first()
    const score = Number(await hit.locator('[data-score=score]').textContent())
    const semantic = Number(await hit.locator('[data-score=semantic]').textContent())
    const keyword = Number(await hit.locator('[data-score=keyword]').textContent())
    expect(semantic).toBeCloseTo(1, 3)
    expect(keyword).toBeGreaterThan(0)
    expect(score).toBeGreaterThan(0.3)
    const toolText = (await page.locator('[data-tool-text]').textContent()) ?? ''
    expect(toolText).toMatch(/^1\. \[score \d\.\d\d \| [^\]]+\] Ada prefers green tea to coffee, no sugar$/m)
    // Hits under the threshold are shown, marked, and absent from the model's text.
    for (const below of await page.locator('li.hit', { hasText: 'not given to the model' }).all()) {
      const content = (await below.locator('p').first().textContent()) ?? ''
      expect(toolText).not.toContain(content)
    }
    const api = (await (
      await fetch(at('/api/search', { namespace: 'ada', q: 'Ada prefers green tea to coffee, no sugar' }))
    ).json()) as { toolText: string }
    expect(api.toolText).toBe(toolText)
    // The page shows the service's own scores (`hit.scores`), not a recomputation.
    const apiHits = (
      (await (
        await fetch(at('/api/search', { namespace: 'ada', q: 'Ada prefers green tea to coffee, no sugar' }))
      ).json()) as { hits: Array<{ score: number; scores: { semantic?: number; keyword?: number } }> }
    ).hits
    expect(apiHits[0]?.scores.semantic).toBeCloseTo(semantic, 3)
    expect(apiHits[0]?.score).toBeCloseTo(score, 3)
    await shoot('inspector-search')

    // The chunk leg: a query equal to the long memory's second chunk matches that chunk.
    const detail = (await (await fetch(at('/api/memory', { namespace: 'ada', id: ids.long! }))).json()) as {
      chunks: Array<{ idx: number; text: string }>
    }
    const chunk = detail.chunks[1]!
    await page.getByLabel('Query').fill(chunk.text)
    await page.getByRole('button', { name: 'Search' }).click()
    const long = page.locator('li.hit', { hasText: 'travel journal' }).first()
    expect(Number(await long.locator('[data-score=semantic]').textContent())).toBeCloseTo(1, 3)
    await expect(long.textContent()).resolves.toContain(`Matched chunk ${chunk.idx}:`)
  })

  it('opens a memory with its supersession history and its chunks', async () => {
    await page.goto(at('/memory', { ns: 'ada', id: ids.lyon! }))
    const history = page.getByRole('list', { name: 'Supersession history' })
    await expect(history.textContent()).resolves.toMatch(/Ada lives in Paris[\s\S]*Ada lives in Lyon/)
    await shoot('inspector-memory')
    await history.getByRole('link', { name: 'Ada lives in Paris' }).click()
    await expect(page.locator('main dl').textContent()).resolves.toContain(ids.lyon!)
    await page.goto(at('/memory', { ns: 'ada', id: ids.long! }))
    expect(await page.getByRole('list', { name: 'Chunks' }).locator('li').count()).toBeGreaterThan(1)
  })

  it('edits as a supersede: the old version stays in the history', async () => {
    await page.goto(at('/memory', { ns: 'ada', id: ids.tea! }))
    await page.getByLabel(/New content/).fill('Ada prefers jasmine tea to coffee, no sugar')
    await page.getByRole('button', { name: 'Save as a new version' }).click()
    await page.waitForURL((target) => target.searchParams.get('id') !== ids.tea)
    await expect(page.locator('main pre').first().textContent()).resolves.toBe(
      'Ada prefers jasmine tea to coffee, no sugar',
    )
    const history = page.getByRole('list', { name: 'Supersession history' })
    await expect(history.textContent()).resolves.toContain('Ada prefers green tea to coffee, no sugar')
    ids.jasmine = new URL(page.url()).searchParams.get('id')!
  })

  it('forgets only after confirmation, through the service (the CLI agrees)', async () => {
    await page.goto(at('/memory', { ns: 'ada', id: ids.jasmine! }))
    await page.getByRole('link', { name: 'Forget this memory…' }).click()
    await expect(page.title()).resolves.toContain('Forget this memory?')
    // Not yet: leaving the confirmation keeps it.
    await page.getByRole('link', { name: 'No, keep it' }).click()
    expect((await cli('get', ids.jasmine!, '--namespace', 'ada')).code).toBe(0)
    await page.getByRole('link', { name: 'Forget this memory…' }).click()
    await page.getByRole('button', { name: 'Yes, forget it' }).click()
    await page.waitForURL(/\/memories\?/)
    expect(await page.locator('tbody').textContent()).not.toContain('jasmine')
    const gone = await cli('get', ids.jasmine!, '--namespace', 'ada')
    expect(gone.code).toBe(1)
    expect(gone.stderr).toMatch(/served by process/)
  })

  it('repairs a pending memory: the reason while the embedder is down, embedded once it is up', async () => {
    embedderDown = true
    await page.goto(at('/repair'))
    const row = page.locator(`tr[data-memory-id="${ids.cat}"]`)
    await expect(row.textContent()).resolves.toContain('pending')
    const repairNow = async () => {
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Repair now' }).click()])
      return (await page.getByRole('status').textContent()) ?? ''
    }
    expect(await repairNow()).toMatch(/Repaired 0 of 1; 1 failed again/)
    await expect(row.locator('td').nth(5).textContent()).resolves.toMatch(/400/)
    await shoot('inspector-repair')
    embedderDown = false
    // The failed attempt set a backoff of up to 5 s: repair now until it is due.
    for (let attempt = 0; attempt < 40 && (await row.count()) > 0; attempt++) {
      if (/Repaired 1 of 1/.test(await repairNow())) break
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    await page.goto(at('/repair'))
    expect(await row.count()).toBe(0)
    await expect(page.locator('main').textContent()).resolves.toContain('Nothing waits for repair.')
    const found = await cli('search', 'cat Mimi', '--namespace', 'ada', '--json')
    expect(JSON.parse(found.stdout).hits[0].memory.embedState).toBe('ok')
  })

  it('is usable in a narrow window', async () => {
    await page.setViewportSize({ width: 390, height: 800 })
    await page.goto(at('/memories', { ns: 'ada' }))
    const width = await page.evaluate('document.documentElement.scrollWidth')
    // The page itself does not scroll sideways (wide tables scroll inside their own box).
    expect(width).toBeLessThanOrEqual(390)
    await page.keyboard.press('Tab')
    await expect(page.evaluate('document.activeElement?.textContent')).resolves.toBe('Skip to content')
  })
})
