import type { Memory } from '@agent-memory/core'
import { html } from 'hono/html'
import type { InspectorLinks } from './InspectorLinks.js'
import { renderLayout } from './renderLayout.js'

/** The confirmation step: nothing is deleted until this form is submitted. */
export function renderForgetPage(links: InspectorLinks, namespace: string, memory: Memory) {
  const api = `/api/memory?${new URLSearchParams({ namespace, id: memory.id })}`
  return renderLayout(
    links,
    'Forget this memory?',
    html`<pre>${memory.content}</pre>
<p>This deletes the memory and its chunks for good. Memories it superseded stay in their history.</p>
<form data-api="${api}" data-method="DELETE" data-then="${links.to('/memories', { ns: namespace })}" data-busy="Forgetting…">
<p><button type="submit" class="danger">Yes, forget it</button>
<a href="${links.to('/memory', { ns: namespace, id: memory.id })}">No, keep it</a></p>
</form>`,
  )
}
