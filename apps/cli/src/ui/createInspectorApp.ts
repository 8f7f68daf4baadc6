import type { HttpBindings } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { describeFailure } from '../cli/describeFailure.js'
import { type GuardOptions, guardRequests } from './guardRequests.js'
import { INSPECTOR_CSS } from './INSPECTOR_CSS.js'
import { INSPECTOR_JS } from './INSPECTOR_JS.js'
import type { InspectorDeps } from './InspectorDeps.js'
import { InspectorLinks } from './InspectorLinks.js'
import { inspectorSchemas as s } from './inspectorSchemas.js'
import { loadMemories } from './loadMemories.js'
import { loadMemoryDetail } from './loadMemoryDetail.js'
import { loadNamespaces } from './loadNamespaces.js'
import { loadRepairQueue } from './loadRepairQueue.js'
import { renderErasePage } from './renderErasePage.js'
import { renderForgetPage } from './renderForgetPage.js'
import { renderMemoriesPage } from './renderMemoriesPage.js'
import { renderMemoryPage } from './renderMemoryPage.js'
import { renderNamespacesPage } from './renderNamespacesPage.js'
import { renderProfilePage } from './renderProfilePage.js'
import { renderRepairPage } from './renderRepairPage.js'
import { renderSearchPage } from './renderSearchPage.js'
import { runSearch } from './runSearch.js'

/** Raised for input the schemas refuse: a 400 with every issue, never a stack. */
class BadRequest extends Error {}

/** Largest JSON body accepted (an edited memory is at most 100k characters). */
const MAX_BODY_BYTES = 512 * 1024

/** Query parameters other than the token, validated with `schema`. */
function queryOf<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  const { token: _token, ...rest } = c.req.query()
  return parse(schema, rest)
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value)
  if (!result.success) {
    throw new BadRequest(
      result.error.issues
        .slice(0, 10)
        .map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`)
        .join('; '),
    )
  }
  return result.data
}

async function bodyOf<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  if (!/^application\/json\b/.test(c.req.header('content-type') ?? '')) {
    throw new BadRequest('send the body as application/json')
  }
  const text = await c.req.text()
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new BadRequest('body too large')
  let value: unknown
  try {
    value = text === '' ? {} : JSON.parse(text)
  } catch {
    throw new BadRequest('body is not valid JSON')
  }
  return parse(schema, value)
}

const where = z.object({ namespace: s.namespace, id: s.id }).strict()
const nsOnly = z.object({ ns: s.namespace }).strict()

/**
 * The web inspector: HTML pages and the local JSON API they use (`/api/...`, documented in the CLI
 * README), behind the request guard. Reads go to the store and service; every write (forget,
 * edit-as-supersede, repair) goes through the memory service, as the CLI's own commands do.
 */
export function createInspectorApp(
  deps: InspectorDeps,
  guard: GuardOptions,
): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>()
  const links = new InspectorLinks(guard.token)
  app.use('*', guardRequests(guard))
  app.onError((error, c) => {
    const api = c.req.path.startsWith('/api/')
    if (error instanceof BadRequest) {
      return api ? c.json({ error: error.message }, 400) : c.text(`bad request: ${error.message}\n`, 400)
    }
    const message = describeFailure(error).message
    return api ? c.json({ error: message }, 500) : c.text(`failed: ${message}\n`, 500)
  })
  app.notFound((c) =>
    c.req.path.startsWith('/api/') ? c.json({ error: 'not found' }, 404) : c.text('not found\n', 404),
  )

  app.get('/assets/inspector.css', (c) =>
    c.body(INSPECTOR_CSS, 200, { 'content-type': 'text/css; charset=utf-8' }),
  )
  app.get('/assets/inspector.js', (c) =>
    c.body(INSPECTOR_JS, 200, { 'content-type': 'text/javascript; charset=utf-8' }),
  )

  // JSON API
  app.get('/api/namespaces', async (c) => c.json(await loadNamespaces(deps)))
  app.get('/api/memories', async (c) => {
    const { namespace, ...query } = queryOf(c, s.list.extend({ namespace: s.namespace }))
    return c.json(await loadMemories(deps, namespace, query))
  })
  app.get('/api/memory', async (c) => {
    const { namespace, id } = queryOf(c, where)
    const detail = await loadMemoryDetail(deps, namespace, id)
    return detail === null ? c.json({ error: 'no such memory in this namespace' }, 404) : c.json(detail)
  })
  app.delete('/api/memory', async (c) => {
    const { namespace, id } = queryOf(c, where)
    const forgotten = await deps.memory.forget(namespace, id)
    return forgotten
      ? c.json({ forgotten, message: 'Forgotten.' })
      : c.json({ error: 'no such memory in this namespace' }, 404)
  })
  app.post('/api/memory/supersede', async (c) => {
    const { namespace, id } = queryOf(c, where)
    const { content } = await bodyOf(c, s.supersede)
    const old = await deps.memory.get(namespace, id)
    if (old === null) return c.json({ error: 'no such memory in this namespace' }, 404)
    if (old.supersededBy !== null)
      return c.json({ error: 'this memory is already superseded; edit its newest version' }, 409)
    // The new version keeps what describes the fact (tier, tags, metadata, importance); its content is the edit.
    const result = await deps.memory.supersede(namespace, id, {
      content,
      tier: old.tier,
      tags: old.tags,
      metadata: old.metadata,
      importance: old.importance,
      ...(old.level === null ? {} : { level: old.level }),
    })
    return c.json({ ...result, message: 'Saved as a new version.' })
  })
  // A namespace's memories as an export file (JSON lines), streamed a page at a time.
  app.get('/api/export', async (c) => {
    const { namespace, vectors } = queryOf(
      c,
      z.object({ namespace: s.namespace, vectors: z.enum(['0', '1']).optional() }).strict(),
    )
    const records = deps.memory
      .exportNamespace(namespace, { vectors: vectors === '1' })
      [Symbol.asyncIterator]()
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await records.next()
        if (next.done === true) controller.close()
        else controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`))
      },
      async cancel() {
        await records.return?.(undefined)
      },
    })
    const file = `${namespace.replace(/[^A-Za-z0-9._-]+/g, '_')}.jsonl`
    return new Response(body, {
      headers: {
        'content-type': 'application/x-ndjson; charset=utf-8',
        'content-disposition': `attachment; filename="${file}"`,
      },
    })
  })
  // Erase is typed out: the body names the namespace twice, as the page's confirmation field does.
  app.post('/api/namespace/erase', async (c) => {
    const { namespace, confirm } = await bodyOf(
      c,
      z.object({ namespace: s.namespace, confirm: z.string() }).strict(),
    )
    if (confirm !== namespace) {
      return c.json({ error: `type the namespace exactly (${namespace}) to erase it` }, 400)
    }
    const report = await deps.memory.eraseNamespace(namespace)
    return c.json({ ...report, message: `Erased ${namespace}: ${report.memories} memories.` })
  })
  app.get('/api/search', async (c) => {
    const { namespace, ...query } = queryOf(c, s.search.extend({ namespace: s.namespace }))
    return c.json(await runSearch(deps, namespace, query))
  })
  app.get('/api/profile', async (c) => {
    const { namespace } = queryOf(c, z.object({ namespace: s.namespace }).strict())
    return c.json(await deps.memory.profile(namespace))
  })
  app.get('/api/repair', async (c) => {
    const { namespace } = queryOf(c, s.repair)
    return c.json(await loadRepairQueue(deps, namespace))
  })
  app.post('/api/repair', async (c) => {
    const { namespace } = await bodyOf(c, s.repair)
    const report = await deps.memory.repair({ limit: 200, ...(namespace === undefined ? {} : { namespace }) })
    const message =
      report.claimed === 0
        ? 'Nothing was due for repair (memories in backoff wait for their next attempt time).'
        : `Repaired ${report.repaired} of ${report.claimed}; ${report.failed} failed again${report.parked > 0 ? `, ${report.parked} parked` : ''}.`
    return c.json({ ...report, message })
  })

  // Pages
  app.get('/', async (c) => {
    queryOf(c, z.object({}).strict())
    return c.html(renderNamespacesPage(links, await loadNamespaces(deps)))
  })
  app.get('/memories', async (c) => {
    const { ns, ...query } = queryOf(c, s.list.extend({ ns: s.namespace }).extend(blankToUndefined))
    return c.html(renderMemoriesPage(links, ns, query, await loadMemories(deps, ns, query)))
  })
  app.get('/search', async (c) => {
    const raw = c.req.query()
    if (raw.q === undefined || raw.q.trim() === '') {
      const { ns } = queryOf(
        c,
        nsOnly.extend({
          q: z.string().optional(),
          mode: z.string().optional(),
          limit: z.string().optional(),
        }),
      )
      return c.html(renderSearchPage(links, ns, {}, undefined))
    }
    const { ns, ...query } = queryOf(c, s.search.extend({ ns: s.namespace }))
    return c.html(renderSearchPage(links, ns, query, await runSearch(deps, ns, query)))
  })
  app.get('/memory', async (c) => {
    const { ns, id } = queryOf(c, z.object({ ns: s.namespace, id: s.id }).strict())
    const detail = await loadMemoryDetail(deps, ns, id)
    if (detail === null) return c.text('no such memory in this namespace\n', 404)
    return c.html(renderMemoryPage(links, ns, detail))
  })
  app.get('/forget', async (c) => {
    const { ns, id } = queryOf(c, z.object({ ns: s.namespace, id: s.id }).strict())
    const memory = await deps.memory.get(ns, id)
    if (memory === null) return c.text('no such memory in this namespace\n', 404)
    return c.html(renderForgetPage(links, ns, memory))
  })
  app.get('/erase', async (c) => {
    const { ns } = queryOf(c, nsOnly)
    const [stats] = await deps.memory.store.stats(ns)
    return c.html(renderErasePage(links, ns, stats?.total ?? 0))
  })
  app.get('/profile', async (c) => {
    const { ns } = queryOf(c, nsOnly)
    return c.html(renderProfilePage(links, ns, await deps.memory.profile(ns)))
  })
  app.get('/repair', async (c) => {
    const { namespace } = queryOf(c, s.repair)
    return c.html(renderRepairPage(links, await loadRepairQueue(deps, namespace)))
  })
  return app
}

/** An empty filter field in a GET form means "any". */
const blankToUndefined = {
  tier: z.preprocess((value) => (value === '' ? undefined : value), s.list.shape.tier),
  tag: z.preprocess((value) => (value === '' ? undefined : value), s.list.shape.tag),
  text: z.preprocess((value) => (value === '' ? undefined : value), s.list.shape.text),
}
