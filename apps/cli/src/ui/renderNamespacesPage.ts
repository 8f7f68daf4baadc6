import { TIERS } from '@agent-memory/core'
import { html } from 'hono/html'
import { describeEmbeddingCache } from '../output/describeEmbeddingCache.js'
import { formatBytes } from '../output/formatBytes.js'
import type { InspectorLinks } from './InspectorLinks.js'
import type { loadNamespaces } from './loadNamespaces.js'
import { renderLayout } from './renderLayout.js'

/** The recall guard's figure: exact search shows a dash, an index without samples says so. */
function annRecall(
  vectorSearch: { indexed: boolean; recallSamples: number; recall: number | null } | undefined,
) {
  if (vectorSearch === undefined) return '—'
  if (vectorSearch.recall === null) return vectorSearch.indexed ? 'indexed' : '—'
  return `${vectorSearch.recall.toFixed(3)} (${vectorSearch.recallSamples})`
}

export function renderNamespacesPage(
  links: InspectorLinks,
  data: Awaited<ReturnType<typeof loadNamespaces>>,
) {
  const embedder =
    data.embedder === null
      ? 'none recorded yet'
      : `${data.embedder.model ?? '(no model)'} (${data.embedder.dimensions} dimensions)`
  const storage =
    formatBytes(data.storage.tableBytes) +
    ' in tables and indexes' +
    (data.storage.dataDirBytes === undefined
      ? ''
      : `, ${formatBytes(data.storage.dataDirBytes)} data directory`)
  return renderLayout(
    links,
    'Namespaces',
    html`<dl>
<dt>Store</dt><dd>${data.store}</dd>
<dt>Embedder</dt><dd>${embedder}</dd>
<dt>Storage</dt><dd>${storage}</dd>
<dt>Repair queue</dt><dd>${data.queue.pending} pending, ${data.queue.failed} parked${
      data.queue.pending + data.queue.failed > 0 ? html` · <a href="${links.to('/repair')}">repair</a>` : ''
    }</dd>
<dt>Embedding cache</dt><dd>${describeEmbeddingCache({ embeddingCache: data.embeddingCache })} in this process</dd>
</dl>
${
  data.namespaces.length === 0
    ? html`<p>No memories stored yet.</p>`
    : html`<div class="table"><table>
<caption>${data.namespaces.length} namespace${data.namespaces.length === 1 ? '' : 's'}</caption>
<thead><tr><th scope="col">Namespace</th><th scope="col" class="num">Total</th>${TIERS.map(
        (tier) => html`<th scope="col" class="num">${tier}</th>`,
      )}<th scope="col" class="num">Pending</th><th scope="col" class="num">Parked</th><th scope="col" class="num">Superseded</th><th scope="col" class="num">Chunks</th><th scope="col" class="num" title="recall@10 of sampled approximate (HNSW) searches against an exact re-run">ANN recall</th><th scope="col">Search</th></tr></thead>
<tbody>${data.namespaces.map(
        (entry) => html`<tr>
<th scope="row"><a href="${links.to('/memories', { ns: entry.namespace })}">${entry.namespace}</a></th>
<td class="num">${entry.total}</td>${TIERS.map((tier) => html`<td class="num">${entry.byTier[tier] ?? 0}</td>`)}
<td class="num">${entry.pending}</td><td class="num">${entry.failed}</td><td class="num">${entry.superseded}</td><td class="num">${entry.chunks}</td><td class="num">${annRecall(entry.vectorSearch)}</td>
<td><a href="${links.to('/search', { ns: entry.namespace })}" aria-label="Search ${entry.namespace}">search</a></td>
</tr>`,
      )}</tbody></table></div>`
}`,
  )
}
