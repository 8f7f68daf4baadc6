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
<label for="s-linked"><input id="s-linked" name="linked" type="checkbox" value="on" ${query.linked === 'on' ? 'checked' : ''}>Linked memories too</label>
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
  const ranked = result.hits.filter((hit) => hit.linkedFrom === undefined)
  const linked = result.hits.filter((hit) => hit.linkedFrom !== undefined)
  const rankOf = new Map(ranked.map((hit, index) => [hit.memory.id, index + 1]))
  return html`<p class="muted">Mode ${result.mode}, limit ${result.limit}; <code>memory_search</code> keeps hits scoring at least ${result.minScore.toFixed(2)}.
${result.degraded === undefined ? '' : html` <strong class="warn">Degraded: ${result.degraded} (${result.degraded === 'keyword_only' ? 'the embedder failed; keyword leg only' : 'the reranker failed; fused order'}).</strong>`}
</p>
<h2>Hits</h2>
${
  ranked.length === 0
    ? html`<p>No hits.</p>`
    : html`<ol class="hits">${ranked.map(
        (hit) => html`<li class="hit" data-memory-id="${hit.memory.id}">
<p><a href="${links.to('/memory', { ns: namespace, id: hit.memory.id })}">${preview(hit.memory.content, 240)}</a></p>
<p class="scores"><span>score <strong data-score="score">${formatScore(hit.score)}</strong></span>
<span>semantic <span data-score="semantic">${formatScore(hit.scores.semantic)}</span></span>
<span>keyword <span data-score="keyword">${formatScore(hit.scores.keyword)}</span></span>
<span>fused <span data-score="fused">${formatScore(hit.scores.fused)}</span></span>
<span>modifier <span data-score="modifier">${formatScore(hit.scores.modifier)}</span></span>
<span>relevance <span data-score="relevance">${formatScore(hit.scores.relevance)}</span></span>
<span class="muted">found by ${hit.sources.join(' + ')}</span>
${hit.belowThreshold ? html`<span class="warn">below the threshold: not given to the model</span>` : ''}</p>
${hit.matchedChunk === undefined ? '' : html`<p class="muted">Matched chunk ${hit.matchedChunk.idx}: “${hit.matchedChunk.text}”</p>`}
<p class="muted">${hit.memory.tier} · created ${formatTimestamp(hit.memory.createdAt)} · reinforced ${hit.memory.accessCount}×</p>
</li>`,
      )}</ol>`
}
${
  result.linked
    ? html`<h2 id="linked">Linked to the hits</h2>
${
  linked.length === 0
    ? html`<p>No live memory is linked to these hits.</p>`
    : html`<ul aria-labelledby="linked">${linked.map(
        (
          hit,
        ) => html`<li class="linked" data-memory-id="${hit.memory.id}"><a href="${links.to('/memory', { ns: namespace, id: hit.memory.id })}">${preview(hit.memory.content, 240)}</a>
<span class="muted"> · linked from hit ${rankOf.get(hit.linkedFrom!) ?? '?'} · ${hit.memory.tier} · created ${formatTimestamp(hit.memory.createdAt)}</span></li>`,
      )}</ul>`
}`
    : ''
}
<h2 id="tool-text">What <code>memory_search</code> returns to the model</h2>
<pre aria-labelledby="tool-text" data-tool-text>${result.toolText}</pre>
<p class="muted">The scores are the ranking's own: semantic is the best cosine similarity of the memory or one of its chunks, keyword its BM25 score over this query's best; fused combines the legs, modifier weighs importance, recency and confidence, and score = fused × modifier orders the hits; relevance is what the <code>memory_search</code> threshold compares. A dash means that leg did not find the memory. Searching here counts as an access, like any recall.</p>`
}
