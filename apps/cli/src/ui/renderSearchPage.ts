import { html } from 'hono/html'
import { formatTimestamp } from '../output/formatTimestamp.js'
import { preview } from '../output/preview.js'
import { formatScore } from './formatScore.js'
import type { InspectorLinks } from './InspectorLinks.js'
import { renderLayout } from './renderLayout.js'
import type { runSearch, SearchQuery } from './runSearch.js'

const MODES = ['hybrid', 'vector', 'keyword'] as const

export function renderSearchPage(
  links: InspectorLinks,
  namespace: string,
  query: Partial<SearchQuery>,
  result: Awaited<ReturnType<typeof runSearch>> | undefined,
) {
  return renderLayout(
    links,
    `Search ${namespace}`,
    html`<p><a href="${links.to('/memories', { ns: namespace })}">All memories of ${namespace}</a></p>
<form class="inline" method="get" action="/search" role="search" aria-label="Search memories">
<input type="hidden" name="token" value="${links.token}"><input type="hidden" name="ns" value="${namespace}">
<label for="s-q">Query<input id="s-q" name="q" value="${query.q ?? ''}" maxlength="2000" required size="40"></label>
<label for="s-mode">Mode<select id="s-mode" name="mode">${MODES.map(
      (mode) =>
        html`<option value="${mode}" ${(query.mode ?? 'hybrid') === mode ? 'selected' : ''}>${mode}</option>`,
    )}</select></label>
<label for="s-limit">Limit<input id="s-limit" name="limit" type="number" min="1" max="10" value="${query.limit ?? 5}"></label>
<button type="submit">Search</button>
</form>
${result === undefined ? '' : renderResult(links, namespace, result)}`,
  )
}

function renderResult(
  links: InspectorLinks,
  namespace: string,
  result: Awaited<ReturnType<typeof runSearch>>,
) {
  return html`<p class="muted">Mode ${result.mode}, limit ${result.limit}; <code>memory_search</code> keeps hits scoring at least ${result.minScore.toFixed(2)}.
${result.degraded === undefined ? '' : html` <strong class="warn">Degraded: ${result.degraded} (the embedder failed; keyword leg only).</strong>`}
${result.legsError === undefined ? '' : html` <span class="warn">${result.legsError}</span>`}</p>
<h2>Hits</h2>
${
  result.hits.length === 0
    ? html`<p>No hits.</p>`
    : html`<ol class="hits">${result.hits.map(
        (hit) => html`<li class="hit" data-memory-id="${hit.memory.id}">
<p><a href="${links.to('/memory', { ns: namespace, id: hit.memory.id })}">${preview(hit.memory.content, 240)}</a></p>
<p class="scores"><span>fused <strong data-score="fused">${formatScore(hit.score)}</strong></span>
<span>vector <span data-score="vector">${formatScore(hit.legs.vector)}</span></span>
<span>chunk <span data-score="chunk">${formatScore(hit.legs.chunk)}</span></span>
<span>keyword <span data-score="keyword">${formatScore(hit.legs.keyword)}</span></span>
<span class="muted">found by ${hit.sources.join(' + ')}</span>
${hit.belowThreshold ? html`<span class="warn">below the threshold: not given to the model</span>` : ''}</p>
${hit.matchedChunk === undefined ? '' : html`<p class="muted">Matched chunk ${hit.matchedChunk.idx}: “${hit.matchedChunk.text}”</p>`}
<p class="muted">${hit.memory.tier} · created ${formatTimestamp(hit.memory.createdAt)} · reinforced ${hit.memory.accessCount}×</p>
</li>`,
      )}</ol>`
}
<h2 id="tool-text">What <code>memory_search</code> returns to the model</h2>
<pre aria-labelledby="tool-text" data-tool-text>${result.toolText}</pre>
<p class="muted">Leg scores are raw: vector and chunk are cosine similarity, keyword is the store's text rank (not on the same scale); a dash means the leg did not return the memory in its first 100. Searching here counts as an access, like any recall.</p>`
}
