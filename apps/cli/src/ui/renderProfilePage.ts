import type { MemoryProfile } from '@agent-memory/core'
import { html } from 'hono/html'
import { preview } from '../output/preview.js'
import type { InspectorLinks } from './InspectorLinks.js'
import { renderLayout } from './renderLayout.js'

/** The namespace's profile as a prompt carries it: its memories in profile order, with what ranked them. */
export function renderProfilePage(links: InspectorLinks, namespace: string, profile: MemoryProfile) {
  return renderLayout(
    links,
    `Profile of ${namespace}`,
    html`<p><a href="${links.to('/memories', { ns: namespace })}">Memories of ${namespace}</a></p>
<p class="muted">What an agent's prompt carries about this user every turn (the middleware's profile block, the MCP <code>memory_profile</code> tool and <code>memory://profile</code> resource): pinned memories first, then procedural preferences, then semantic facts by importance × confidence × reinforcement, near-repeats dropped, within ${profile.maxTokens} tokens.</p>
${
  profile.memories.length === 0
    ? html`<p>No lasting facts yet: semantic or procedural memories, or memories pinned with <code>metadata.pinned</code>.</p>`
    : html`<div class="table"><table>
<caption>${profile.memories.length} memories, about ${profile.tokens} of ${profile.maxTokens} tokens</caption>
<thead><tr><th scope="col">#</th><th scope="col">Content</th><th scope="col">Tier</th><th scope="col" class="num">Importance</th><th scope="col" class="num">Confidence</th><th scope="col" class="num">Reinforced</th></tr></thead>
<tbody>${profile.memories.map(
        (memory, index) => html`<tr>
<td class="num">${index + 1}</td>
<td><a href="${links.to('/memory', { ns: namespace, id: memory.id })}">${preview(memory.content, 160)}</a>${memory.metadata.pinned === true ? html` <span class="tag">pinned</span>` : ''}</td>
<td>${memory.tier}</td>
<td class="num">${(memory.assessedImportance ?? memory.importance).toFixed(2)}${memory.assessedImportance === null ? '' : ' (judged)'}</td>
<td class="num">${memory.confidence === null ? 'untracked' : memory.confidence.toFixed(2)}</td>
<td class="num">${memory.accessCount}</td>
</tr>`,
      )}</tbody></table></div>
<h2>As the prompt carries it</h2>
<pre>${profile.text}</pre>`
}`,
  )
}
