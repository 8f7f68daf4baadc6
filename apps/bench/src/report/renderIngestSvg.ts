import type { IngestRate } from './BenchReport.js'
import { escapeXml } from './escapeXml.js'

const WIDTH = 760
const LEFT = 290
const RIGHT = 90
const BAR = 22
const GAP = 10
const TOP = 44

/** Horizontal bars of ingest rates (rows per second, linear scale), value printed at each bar's end. */
export function renderIngestSvg(rates: readonly IngestRate[], title: string): string {
  const height = TOP + rates.length * (BAR + GAP) + 30
  const max = Math.max(1, ...rates.map((r) => r.rowsPerSecond))
  const plotW = WIDTH - LEFT - RIGHT
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    `<text x="${WIDTH / 2}" y="24" text-anchor="middle" font-size="15">${escapeXml(title)}</text>`,
  ]
  rates.forEach((rate, i) => {
    const top = TOP + i * (BAR + GAP)
    const w = Math.max(1, (rate.rowsPerSecond / max) * plotW)
    const colour = rate.label.startsWith('agent-memory') ? '#1f77b4' : '#999'
    out.push(
      `<text x="${LEFT - 8}" y="${top + BAR / 2 + 4}" text-anchor="end">${escapeXml(rate.label)}</text>`,
    )
    out.push(`<rect x="${LEFT}" y="${top}" width="${w.toFixed(1)}" height="${BAR}" fill="${colour}"/>`)
    out.push(
      `<text x="${(LEFT + w + 6).toFixed(1)}" y="${top + BAR / 2 + 4}">${Math.round(rate.rowsPerSecond).toLocaleString('en-US')}/s</text>`,
    )
  })
  out.push(`<text x="${LEFT}" y="${height - 8}" fill="#666">rows per second, higher is better</text>`)
  out.push('</svg>')
  return `${out.join('\n')}\n`
}
