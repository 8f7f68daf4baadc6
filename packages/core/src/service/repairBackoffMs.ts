/**
 * Delay before the next repair attempt: exponential (`base × 2^attempts`, capped at `max`) with
 * full jitter (uniform in [0, that]), so many rows failing together do not retry together.
 */
export function repairBackoffMs(
  attempts: number,
  options: { baseMs: number; maxMs: number; random: () => number },
): number {
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, Math.min(attempts, 30)))
  return Math.round(ceiling * options.random())
}
