import type { KeywordLegResult } from '../locomo/keywordLeg.js'
import { formatNumber } from './formatNumber.js'

/**
 * Why a backend's keyword leg missed its p50 target, in the run's own figures (undefined when it
 * met it or has no target): how many statements a search sent and what each kind cost as the
 * client waited for it, how much of that a bare round trip accounts for, and the JS around them.
 */
export function keywordLegMiss(result: KeywordLegResult): string | undefined {
  const target = result.targetP50Ms
  if (target === undefined || result.p50Ms <= target) return undefined
  const missed = `${result.backend}: p50 ${formatNumber(result.p50Ms, 2)} ms against ≤ ${formatNumber(target, 0)} ms`
  const breakdown = result.breakdown
  if (breakdown === undefined) return `${missed}; no breakdown was measured in this run.`
  const n = breakdown.statementsPerSearch
  const roundTrips = n * breakdown.roundTripP50Ms
  const kinds = [...breakdown.statements].sort((a, b) => b.perSearch * b.p50Ms - a.perSearch * a.p50Ms)
  const largest = kinds[0]
  return (
    `${missed}. Per search ${formatNumber(n, 2)} statements (` +
    kinds
      .map((k) => `${k.kind} ×${formatNumber(k.perSearch, 2)} at ${formatNumber(k.p50Ms, 2)} ms p50`)
      .join(', ') +
    `): ${formatNumber(breakdown.inStatementsP50Ms, 2)} ms p50 waiting on them, ` +
    `${formatNumber(breakdown.outsideStatementsP50Ms, 2)} ms outside them (the store's JS). ` +
    `A bare SELECT 1 takes ${formatNumber(breakdown.roundTripP50Ms, 3)} ms, so round trips alone are ` +
    `~${formatNumber(roundTrips, 2)} ms and the database's parse, plan and execution ` +
    `~${formatNumber(Math.max(0, breakdown.inStatementsP50Ms - roundTrips), 2)} ms` +
    (largest === undefined
      ? '.'
      : `; the largest share is the ${largest.kind} (${formatNumber(largest.perSearch, 2)} per search × ` +
        `${formatNumber(largest.p50Ms, 2)} ms).`)
  )
}
