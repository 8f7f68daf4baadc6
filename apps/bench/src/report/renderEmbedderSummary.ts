import type { EmbedderEval } from '../locomo/EmbedderEval.js'
import { renderEmbedderEval } from '../locomo/renderEmbedderEval.js'

const pct = (x: number) => (x * 100).toFixed(1)
const p = (x: number) => (x < 0.001 ? '< 0.001' : x.toPrecision(2))

/**
 * The per-embedder section of `benchmarks.md`: one row per embedder (its kind's default ranking, the
 * leave-one-conversation-out figure, both against keyword-only and vector-only), then each
 * embedder's full report.
 */
export function renderEmbedderSummary(evals: readonly EmbedderEval[]): string[] {
  const metric = (e: EmbedderEval, ranking: string, name: string) => {
    const m = e.rankings.find((r) => r.label === ranking)?.metrics[name]
    return m ? `${pct(m.mean)} [${pct(m.low)}–${pct(m.high)}]` : '—'
  }
  const versus = (e: EmbedderEval, label: string) => {
    const c = e.comparisons.find((x) => x.label === label)?.overall
    return c ? `${c.points >= 0 ? '+' : ''}${c.points.toFixed(1)} (p ${p(c.p)})` : '—'
  }
  return [
    '## Retrieval quality per embedder: LoCoMo dev',
    '',
    "`pnpm eval:locomo --embedder hashing|use|openrouter`: the ranking defaults for the embedder's kind",
    '(`RANKING_DEFAULTS`), recall limit 10, 95 % bootstrap intervals over questions; leave-one-out: per',
    'conversation, the grid setting best on the other conversations, scored on the held-out one. Versus: recall_any@10',
    'points of leave-one-out over keyword-only and vector-only, exact McNemar p.',
    '',
    '| embedder | kind | default R_any@10 | default R_all@10 | leave-one-out R_any@10 | vs keyword | vs vector |',
    '|---|---|---|---|---|---|---|',
    ...evals.map(
      (e) =>
        `| ${e.embedder} (\`${e.model}\`) | ${e.lexical ? 'lexical' : 'semantic'} | ${metric(e, 'default', 'recall_any@10')} | ${metric(
          e,
          'default',
          'recall_all@10',
        )} | ${metric(e, 'leave-one-out', 'recall_any@10')} | ${versus(e, 'leave-one-out vs keyword')} | ${versus(
          e,
          'leave-one-out vs vector',
        )} |`,
    ),
    '',
    ...evals.flatMap((e) => [renderEmbedderEval(e).replace(/^# /, '### '), '']),
  ]
}
