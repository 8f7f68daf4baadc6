/** The inspector's stylesheet: system fonts only (no external requests), readable at 1280×800 and narrow. */
export const INSPECTOR_CSS = `
:root { color-scheme: light dark; --fg: #1b1f24; --bg: #ffffff; --muted: #57606a; --line: #d0d7de; --accent: #0550ae; --warn: #9a3412; --soft: #f6f8fa; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --bg: #0d1117; --muted: #9da7b3; --line: #30363d; --accent: #79c0ff; --warn: #ffa657; --soft: #161b22; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; } .skip:focus { left: 8px; top: 8px; background: var(--bg); padding: 4px 8px; }
header { border-bottom: 1px solid var(--line); background: var(--soft); }
nav { display: flex; gap: 18px; align-items: baseline; max-width: 1200px; margin: 0 auto; padding: 10px 16px; flex-wrap: wrap; }
main { max-width: 1200px; margin: 0 auto; padding: 8px 16px 40px; }
h1 { font-size: 1.4rem; margin: 12px 0 4px; word-break: break-word; } h2 { font-size: 1.1rem; margin-top: 24px; }
.muted { color: var(--muted); } .warn { color: var(--warn); }
.table { overflow-x: auto; } table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; white-space: nowrap; } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
caption { text-align: left; color: var(--muted); padding: 4px 0; }
form.inline { display: flex; flex-wrap: wrap; gap: 10px 14px; align-items: end; margin: 10px 0; }
label { display: flex; flex-direction: column; font-size: .85rem; color: var(--muted); gap: 2px; }
input, select, textarea, button { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: 5px 8px; }
textarea { width: 100%; min-height: 6em; }
button { cursor: pointer; background: var(--soft); } button.danger { border-color: var(--warn); color: var(--warn); }
pre { white-space: pre-wrap; word-break: break-word; background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 10px; }
.hit { border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; margin: 10px 0; }
.hit p { margin: 4px 0; } .scores { display: flex; flex-wrap: wrap; gap: 6px 16px; font-variant-numeric: tabular-nums; }
.tag { display: inline-block; border: 1px solid var(--line); border-radius: 10px; padding: 0 6px; font-size: .8rem; margin-right: 4px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; } dt { color: var(--muted); } dd { margin: 0; word-break: break-word; }
.pager { display: flex; gap: 16px; margin: 12px 0; }
@media (max-width: 640px) { dl { grid-template-columns: 1fr; } th, td { padding: 4px; } }
`
