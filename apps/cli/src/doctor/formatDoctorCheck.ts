import { escapeForTerminal } from '../output/escapeForTerminal.js'
import type { DoctorCheck } from './DoctorCheck.js'

const MARK = { ok: '✔', fail: '✖', skip: '–' } as const

/** One check as the doctor prints it: the mark, the check's name, what was found and, under it, the fix. */
export function formatDoctorCheck(check: DoctorCheck): string {
  const line = `${MARK[check.status]} ${check.name.padEnd(18)} ${escapeForTerminal(check.detail)}`
  return check.fix === undefined ? line : `${line}\n  ${' '.repeat(19)}fix: ${escapeForTerminal(check.fix)}`
}
