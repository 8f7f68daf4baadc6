import type { ConfidenceDecay } from './ConfidenceDecay.js'

const DAY_MS = 86_400_000

/**
 * The service's default decay. Durable facts fade slowly: a preference or a way of working
 * (procedural) holds for years, a fact about someone's life (semantic: job, city, partner) is
 * worth re-checking after a year, so an uncorroborated fact written at 0.4 is at 0.25 after half a
 * year and 0.175 after one. Short-term tiers fade at the pace they expire (working a day, episodic
 * within its 30-day lifetime). The floor keeps a once-stated fact above nothing: it only loses
 * ground to fresher or corroborated ones.
 */
export const DEFAULT_CONFIDENCE_DECAY: ConfidenceDecay = {
  halfLifeMs: {
    working: DAY_MS,
    episodic: 14 * DAY_MS,
    semantic: 180 * DAY_MS,
    procedural: 365 * DAY_MS,
  },
  floor: 0.1,
}
