import { html } from 'hono/html'
import type { InspectorLinks } from './InspectorLinks.js'
import { renderLayout } from './renderLayout.js'

/** The erase confirmation: nothing is deleted until the namespace is typed out and the form sent. */
export function renderErasePage(links: InspectorLinks, namespace: string, memories: number) {
  return renderLayout(
    links,
    `Erase ${namespace}?`,
    html`<p>This deletes all ${memories} memories of <strong>${namespace}</strong> for good, with their chunks,
keyword statistics, vector indexes and observe ledger. It cannot be undone.</p>
<p><a href="${links.to('/api/export', { namespace })}" download>Download an export first</a> (JSON lines, every field).</p>
<form data-api="/api/namespace/erase" data-method="POST" data-then="${links.to('/')}" data-busy="Erasing…">
<input type="hidden" name="namespace" value="${namespace}">
<p><label>Type the namespace to confirm: <input name="confirm" autocomplete="off" required></label></p>
<p><button type="submit" class="danger">Erase ${namespace}</button>
<a href="${links.to('/memories', { ns: namespace })}">No, keep it</a></p>
</form>`,
  )
}
