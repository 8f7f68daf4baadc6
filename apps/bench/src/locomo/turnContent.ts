import type { LocomoTurn } from './LocomoData.js'

/** The memory content of a turn: `Speaker: text`, plus the caption of a shared image. */
export function turnContent(turn: LocomoTurn): string {
  const caption = turn.imageCaption ? ` [shared an image: ${turn.imageCaption}]` : ''
  return `${turn.speaker}: ${turn.text}${caption}`
}
