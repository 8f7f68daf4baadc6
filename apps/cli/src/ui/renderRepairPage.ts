import { html } from 'hono/html'
import { formatTimestamp } from '../output/formatTimestamp.js'
import { preview } from '../output/preview.js'
import type { InspectorLinks } from './InspectorLinks.js'
import type { loadRepairQueue } from './loadRepairQueue.js'
import { renderLayout } from './renderLayout.js'

export function renderRepairPage(links: InspectorLinks, data: Awaited<ReturnType<typeof loadRepairQueue>>) {
  return renderLayout(
    links,
    'Repair',
    html`<p>${data.stats.pending} pending (${data.stats.leased} being repaired), ${data.stats.failed} parked. Memories are stored
pending when the embedder fails; repair embeds them (with backoff between attempts, parking a memory after repeated failures).</p>
<form data-api="/api/repair" data-method="POST" data-reload data-busy="Repairing…">
<button type="submit">Repair now</button>
</form>
${
  data.entries.length === 0
    ? html`<p>Nothing waits for repair.</p>`
    : html`<div class="table"><table>
<caption>Oldest first</caption>
<thead><tr><th scope="col">Memory</th><th scope="col">Namespace</th><th scope="col">State</th><th scope="col" class="num">Attempts</th><th scope="col">Next attempt</th><th scope="col">Last error</th></tr></thead>
<tbody>${data.entries.map(
        (entry) => html`<tr data-memory-id="${entry.id}">
<td><a href="${links.to('/memory', { ns: entry.namespace, id: entry.id })}">${preview(entry.content, 80)}</a></td>
<td>${entry.namespace}</td><td>${entry.embedState}</td><td class="num">${entry.attempts}</td>
<td>${entry.nextAttemptAt === null ? 'now' : formatTimestamp(entry.nextAttemptAt)}</td>
<td>${entry.lastError ?? html`<span class="muted">none yet (stored pending when written)</span>`}</td>
</tr>`,
      )}</tbody></table></div>`
}`,
  )
}
