import { html } from 'hono/html'
import { formatTimestamp } from '../output/formatTimestamp.js'
import { describeMemoryState } from './describeMemoryState.js'
import { formatValidity } from './formatValidity.js'
import type { InspectorLinks } from './InspectorLinks.js'
import type { loadMemoryDetail } from './loadMemoryDetail.js'
import { renderLayout } from './renderLayout.js'

export function renderMemoryPage(
  links: InspectorLinks,
  namespace: string,
  detail: NonNullable<Awaited<ReturnType<typeof loadMemoryDetail>>>,
) {
  const { memory, history, chunks, links: linked } = detail
  const api = `/api/memory/supersede?${new URLSearchParams({ namespace, id: memory.id })}`
  return renderLayout(
    links,
    'Memory',
    html`<p><a href="${links.to('/memories', { ns: namespace })}">Memories of ${namespace}</a></p>
<pre>${memory.content}</pre>
<dl>
<dt>Id</dt><dd><code>${memory.id}</code></dd>
<dt>State</dt><dd>${describeMemoryState(memory).join(', ')}</dd>
<dt>Tier</dt><dd>${memory.tier}${memory.level === null ? '' : ` (${memory.level})`}</dd>
<dt>Tags</dt><dd>${memory.tags.length === 0 ? 'none' : memory.tags.join(', ')}</dd>
<dt>Validity</dt><dd>${formatValidity(memory)}</dd>
<dt>Confidence</dt><dd>${memory.confidence === null ? 'untracked (fully trusted)' : memory.confidence.toFixed(2)}</dd>
<dt>Importance</dt><dd>${memory.importance.toFixed(2)}</dd>
<dt>Reinforced</dt><dd>${memory.accessCount}× (last ${formatTimestamp(memory.lastAccessedAt)})</dd>
<dt>Created</dt><dd>${formatTimestamp(memory.createdAt)} (updated ${formatTimestamp(memory.updatedAt)})</dd>
<dt>Expires</dt><dd>${formatTimestamp(memory.expiresAt)}</dd>
<dt>Superseded by</dt><dd>${memory.supersededBy === null ? 'nothing' : html`<a href="${links.to('/memory', { ns: namespace, id: memory.supersededBy })}">${memory.supersededBy}</a>`}</dd>
<dt>Metadata</dt><dd><code>${JSON.stringify(memory.metadata)}</code></dd>
</dl>
<h2 id="history">Supersession history</h2>
${
  history.length <= 1
    ? html`<p>No other versions.</p>`
    : html`<ol aria-labelledby="history">${history.map(
        (
          entry,
        ) => html`<li>${entry.id === memory.id ? html`<strong>${entry.content}</strong> (this one)` : html`<a href="${links.to('/memory', { ns: namespace, id: entry.id })}">${entry.content}</a>`}
<span class="muted"> · created ${formatTimestamp(entry.createdAt)} · ${formatValidity(entry)}${entry.supersededBy === null ? '' : ' · superseded'}</span></li>`,
      )}</ol>`
}
<h2 id="links">Linked memories</h2>
${
  linked.length === 0
    ? html`<p>No links.</p>`
    : html`<ul aria-labelledby="links">${linked.map((link) =>
        link.current === null
          ? html`<li><code>${link.id}</code> <span class="muted">· gone (forgotten, swept or expired)</span></li>`
          : html`<li><a href="${links.to('/memory', { ns: namespace, id: link.current.id })}">${link.current.content}</a>${
              link.state === 'superseded'
                ? html`<span class="muted"> · current version of the linked <code>${link.id}</code>, since superseded</span>`
                : ''
            }</li>`,
      )}</ul>`
}
<h2 id="chunks">Chunks</h2>
${
  chunks.length === 0
    ? html`<p>None: the content fits one vector.</p>`
    : html`<ol aria-labelledby="chunks" start="0">${chunks.map((chunk) => html`<li><pre>${chunk.text}</pre></li>`)}</ol>`
}
${
  memory.supersededBy !== null
    ? ''
    : html`<h2>Edit</h2>
<form data-api="${api}" data-method="POST" data-then="${links.to('/memory', { ns: namespace })}" data-busy="Saving…">
<label for="e-content">New content (stored as a new memory that supersedes this one; this one is kept in the history)
<textarea id="e-content" name="content" required maxlength="100000">${memory.content}</textarea></label>
<p><button type="submit">Save as a new version</button></p>
</form>`
}
<h2>Forget</h2>
<p><a href="${links.to('/forget', { ns: namespace, id: memory.id })}">Forget this memory…</a> (asks for confirmation; deletes it and its chunks)</p>`,
  )
}
