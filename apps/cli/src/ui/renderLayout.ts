import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import type { InspectorLinks } from './InspectorLinks.js'

type Html = HtmlEscapedString | Promise<HtmlEscapedString>

/** The page frame: skip link, navigation, one main landmark, a live region for action results. */
export function renderLayout(links: InspectorLinks, title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en" data-token="${links.token}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} · agent-memory inspector</title>
<link rel="stylesheet" href="${links.to('/assets/inspector.css')}">
<script type="module" src="${links.to('/assets/inspector.js')}"></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header>
<nav aria-label="Inspector">
<strong>agent-memory</strong>
<a href="${links.to('/')}">Namespaces</a>
<a href="${links.to('/repair')}">Repair</a>
</nav>
</header>
<main id="main">
<h1>${title}</h1>
<p id="status" role="status" aria-live="polite"></p>
${body}
</main>
</body>
</html>`
}
