import type { EmbedderEval } from '../locomo/EmbedderEval.js'
import { renderEmbedderEval } from '../locomo/renderEmbedderEval.js'

const pct = (x: number) => (x * 100).toFixed(1)
const p = (x: number) => (x < 0.001 ? '< 0.001' : x.toPrecision(2))

/**
 * The per-embedder section of `benchmarks.md`: one row per dev set and embedder (its kind's default
 * ranking, the leave-one-conversation-out figure, against keyword-only and a plain BM25), then each
 * one's full report.
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
  // Reports from before the second dev set carry no `dataset`: shown until a run of both replaces them.
  const current = evals.some((e) => e.dataset !== undefined)
    ? evals.filter((e) => e.dataset !== undefined)
    : evals
  return [
    '## Retrieval quality per embedder: LoCoMo dev and RealMem dev',
    '',
    "`pnpm eval:locomo --embedder hashing|use|openrouter [files…]`: the ranking defaults for the embedder's kind",
    '(`RANKING_DEFAULTS`), recall limit 10, 95 % bootstrap intervals over questions; leave-one-out: per',
    'conversation of either set, the grid setting best on all the other conversations (each set weighing the same),',
    'scored on the held-out one. Versus: recall_any@10 points of the default over keyword-only and a plain BM25',
    '(no stemming), and of leave-one-out over keyword-only, exact McNemar p. A RealMem question is the',
    "user's message opening a later conversation: it is recalled as of that moment, over the turns said before it",
    "(a filter's `asOf`; each question placed just before the assistant's reply it matches, `placeQuestions`),",
    'as a deployed assistant would meet it; LoCoMo questions, written afterwards, see the whole conversation.',
    '',
    '| dev set | embedder | kind | default R_any@10 | default R_all@10 | session recall@10 | leave-one-out R_any@10 | default vs keyword | default vs plain BM25 | leave-one-out vs keyword |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...current.map(
      (e) =>
        `| ${e.dataset ?? 'LoCoMo dev'} | ${e.embedder} (\`${e.model}\`) | ${e.lexical ? 'lexical' : 'semantic'} | ${metric(e, 'default', 'recall_any@10')} | ${metric(
          e,
          'default',
          'recall_all@10',
        )} | ${metric(e, 'default', 'session recall@10')} | ${metric(e, 'leave-one-out', 'recall_any@10')} | ${versus(
          e,
          'default vs keyword',
        )} | ${versus(e, 'default vs plain BM25')} | ${versus(e, 'leave-one-out vs keyword')} |`,
    ),
    '',
    ...current.flatMap((e) => [renderEmbedderEval(e).replace(/^# /, '### '), '']),
  ]
}
