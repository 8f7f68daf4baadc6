import { portableCommand } from './portableCommand.js'

/** `--out DIR` or `--out=DIR`, with the space before it. */
const OUT_OPTION = /\s+--out(?:=|\s+)\S+/g

/**
 * The command a report section prints: as typed, with absolute paths as placeholders and without
 * `--out`, which says only where the report was written, not what was measured
 * (`pnpm bench --only W14 --size 100000 --out /srv/w14` reads `pnpm bench --only W14 --size 100000`).
 */
export function sectionCommand(command: string): string {
  return portableCommand(command.replace(OUT_OPTION, '').trim())
}
