const DAY_MS = 86_400_000

/**
 * Ranking defaults for a user's conversations with an assistant, the same for every kind of
 * embedder (`RANKING_DEFAULTS`): an assistant's turns (`metadata.role: 'assistant'`) count 0.8 of
 * their relevance (`RoleOptions`), and a memory written at the recall's moment gains 0.1 of the
 * best relevance, halving every 10 days of age (`RecentSupportOptions`). On RealMem dev (offline
 * embedder, each question recalled as of when it was asked) they took recall_any@10 from 38.9 % to
 * 42.0 %; LoCoMo dev, whose conversations have no assistant and were had years before its
 * questions are asked, is unchanged (docs/benchmarks.md).
 */
export const CONVERSATION_DEFAULTS = {
  roles: { key: 'role', weights: { assistant: 0.8 } as Readonly<Record<string, number>> },
  recentSupport: { share: 0.1, halfLifeMs: 10 * DAY_MS },
} as const
