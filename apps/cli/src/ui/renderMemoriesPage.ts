import { TIERS } from '@agent-memory/core'
import { html } from 'hono/html'
import { formatTimestamp } from '../output/formatTimestamp.js'
import { preview } from '../output/preview.js'
import { describeMemoryState } from './describeMemoryState.js'
import { formatValidity } from './formatValidity.js'
import type { InspectorLinks } from './InspectorLinks.js'
import type { loadMemories, MemoryListQuery } from './loadMemories.js'
import { renderLayout } from './renderLayout.js'

export function renderMemoriesPage(
  links: InspectorLinks,
  namespace: string,
  query: MemoryListQuery,
  data: Awaited<ReturnType<typeof loadMemories>>,
) {
  const params = {
    ns: namespace,
    tier: query.tier,
    tag: query.tag,
    text: query.text,
    superseded: query.superseded,
  }
  const first = query.offset + 1
  const last = query.offset + data.memories.length
  return renderLayout(
    links,
    `Memories of ${namespace}`,
    html`<p><a href="${links.to('/search', { ns: namespace })}">Search this namespace</a>
· <a href="${links.to('/profile', { ns: namespace })}">Profile</a>
· <a href="${links.to('/api/export', { namespace })}" download>Export (download)</a>
· <a href="${links.to('/erase', { ns: namespace })}" class="danger">Erase this namespace…</a></p>
<form class="inline" method="get" action="/memories" role="search" aria-label="Filter memories">
<input type="hidden" name="token" value="${links.token}"><input type="hidden" name="ns" value="${namespace}">
<label for="f-tier">Tier<select id="f-tier" name="tier"><option value="">any</option>${TIERS.map(
      (tier) => html`<option value="${tier}" ${query.tier === tier ? 'selected' : ''}>${tier}</option>`,
    )}</select></label>
<label for="f-tag">Tag<input id="f-tag" name="tag" value="${query.tag ?? ''}" maxlength="64"></label>
<label for="f-text">Text contains<input id="f-text" name="text" value="${query.text ?? ''}" maxlength="200"></label>
<label for="f-superseded">Superseded<select id="f-superseded" name="superseded"><option value="show" ${query.superseded === 'show' ? 'selected' : ''}>show</option><option value="hide" ${query.superseded === 'hide' ? 'selected' : ''}>hide</option></select></label>
<button type="submit">Filter</button>
</form>
${
  data.memories.length === 0
    ? html`<p>No memories match.</p>`
    : html`<div class="table"><table>
<caption>Newest first: ${first}–${last}${data.scanned === undefined ? '' : ` (text filter read the newest ${data.scanned} only)`}</caption>
<thead><tr><th scope="col">Content</th><th scope="col">Tier</th><th scope="col">Created</th><th scope="col">Validity</th><th scope="col" class="num">Confidence</th><th scope="col" class="num">Reinforced</th><th scope="col">State</th></tr></thead>
<tbody>${data.memories.map(
        (memory) => html`<tr>
<td><a href="${links.to('/memory', { ns: namespace, id: memory.id })}">${preview(memory.content, 120)}</a>${memory.tags.map((tag) => html` <span class="tag">${tag}</span>`)}</td>
<td>${memory.tier}</td><td>${formatTimestamp(memory.createdAt)}</td><td>${formatValidity(memory)}</td>
<td class="num">${memory.confidence === null ? 'untracked' : memory.confidence.toFixed(2)}</td>
<td class="num">${memory.accessCount}</td>
<td>${describeMemoryState(memory).join(', ')}</td>
</tr>`,
      )}</tbody></table></div>`
}
<nav class="pager" aria-label="Pages">
${query.offset > 0 ? html`<a href="${links.to('/memories', { ...params, offset: Math.max(0, query.offset - query.limit) })}" rel="prev">Newer</a>` : ''}
${data.hasMore ? html`<a href="${links.to('/memories', { ...params, offset: query.offset + query.limit })}" rel="next">Older</a>` : ''}
</nav>`,
  )
}
