import type { EmbedderEval } from './EmbedderEval.js'
import { EVAL_METRICS } from './EVAL_METRICS.js'
import { LOCOMO_CATEGORIES } from './LOCOMO_CATEGORIES.js'

const pct = (x: number) => (x * 100).toFixed(1)
const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`
const p = (x: number) => (x < 0.001 ? '<0.001' : x.toPrecision(2))

/** The per-embedder evaluation as Markdown whose summary table fits on one screen. */
export function renderEmbedderEval(result: EmbedderEval): string {
  const rankings = result.rankings
  const lines = [
    `# ${result.dataset ?? 'LoCoMo dev'}, ${result.embedder} (${result.model}, ${result.lexical ? 'lexical' : 'semantic'})`,
    '',
    `${result.questions} questions, ${result.conversations} conversations; \`${result.command}\`; ${result.generatedAt}.`,
    'Means over questions in %, 95 % bootstrap interval over questions in brackets. `default`: the',
    `service's defaults for a ${result.lexical ? 'lexical' : 'semantic'} embedder; \`leave-one-out\`: per conversation, the grid setting`,
    `best on the other conversations (${result.grid} settings), scored on the held-out one.`,
    '',
    `| metric | ${rankings.map((r) => r.label).join(' | ')} |`,
    `| --- | ${rankings.map(() => '---').join(' | ')} |`,
    ...EVAL_METRICS.map(
      (metric) =>
        `| ${metric.name} | ${rankings
          .map((r) => {
            const m = r.metrics[metric.name]!
            return `${pct(m.mean)} [${pct(m.low)}–${pct(m.high)}]`
          })
          .join(' | ')} |`,
    ),
    '',
    'recall_any@10, paired on the same questions (points; exact McNemar p):',
    '',
    `| category | n | ${result.comparisons.map((c) => c.label).join(' | ')} |`,
    `| --- | --- | ${result.comparisons.map(() => '---').join(' | ')} |`,
    ...['all', ...Object.keys(result.comparisons[0]?.byCategory ?? {})].map((category) => {
      const n = category === 'all' ? result.questions : result.comparisons[0]!.byCategory[category]!.questions
      const name =
        category === 'all'
          ? 'all'
          : `${category} ${(result.categories ?? LOCOMO_CATEGORIES)[category] ?? ''}`.trim()
      return `| ${name} | ${n} | ${result.comparisons
        .map((c) => {
          const x = category === 'all' ? c.overall : c.byCategory[category]!
          return `${signed(x.points)} (p ${p(x.p)})`
        })
        .join(' | ')} |`
    }),
    '',
    `Leave-one-out choices: ${result.folds.map((f) => `${f.conversation}: ${f.chosen}`).join('; ')}.`,
    '',
    `Best on all questions (in sample): ${result.best
      .slice(0, 5)
      .map((b) => `${b.label} ${pct(b.recallAny10)} / ${pct(b.recallAny5)}`)
      .join('; ')} (recall_any@10 / @5).`,
    '',
  ]
  return lines.join('\n')
}
