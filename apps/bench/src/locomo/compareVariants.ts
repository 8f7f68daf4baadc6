import type { LocomoVariant } from '../report/BenchReport.js'
import { exactMcNemarP } from './exactMcNemarP.js'

/**
 * A paired comparison of two variants on the same questions (recall_any@10): how many questions
 * only A finds, only B finds, and the exact McNemar p-value — whether a difference is more than noise.
 */
export function compareVariants(a: LocomoVariant, b: LocomoVariant, nameA: string, nameB: string): string {
  if (!a.hits10 || !b.hits10 || a.hits10.length !== b.hits10.length)
    return `${nameA} vs ${nameB}: not comparable`
  let onlyA = 0
  let onlyB = 0
  for (let i = 0; i < a.hits10.length; i++) {
    if (a.hits10[i] === '1' && b.hits10[i] === '0') onlyA++
    if (a.hits10[i] === '0' && b.hits10[i] === '1') onlyB++
  }
  const p = exactMcNemarP(onlyA, onlyB)
  const diff = ((onlyA - onlyB) / a.hits10.length) * 100
  return (
    `${a.backend}: ${nameA} vs ${nameB} on recall_any@10: ${diff >= 0 ? '+' : ''}${diff.toFixed(1)} points ` +
    `(${onlyA} questions found only by ${nameA}, ${onlyB} only by ${nameB}; exact McNemar p = ${p.toPrecision(2)})`
  )
}
