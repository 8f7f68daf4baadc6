/**
 * Per-test and per-hook timeouts for every package's suite. The suite runs on busy 2-core machines
 * (CI, a shared box with other builds), where a case that takes 300 ms idle can take 20 s, and a
 * case that opens PGlite in child processes over two minutes (measured at load average 40); vitest's
 * defaults (5 s, 10 s) and per-suite 60 s turned load into failures. Suites use these, not their own. No test asserts speed: speed goals live in
 * apps/bench as same-run ratios, so a generous ceiling only catches hangs.
 */
export const LOADED_MACHINE_TIMEOUTS = { testTimeout: 300_000, hookTimeout: 300_000 } as const
