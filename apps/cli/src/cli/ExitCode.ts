/** Process exit codes: 0 success, 1 a failure while doing the work, 2 a usage error, 130 interrupted. */
export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  interrupted: 130,
} as const
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode]
