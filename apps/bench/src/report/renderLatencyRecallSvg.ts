import type { CurveSeries } from './BenchReport.js'
import { escapeXml } from './escapeXml.js'

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b']
const WIDTH = 760
const HEIGHT = 420
const LEFT = 70
const RIGHT = 200
const TOP = 40
const BOTTOM = 60

/**
 * Latency (p50, log scale) against recall@10, one polyline per series, points labelled (e.g. the
 * ef_search value). Plain SVG with a white background so GitHub renders it in either theme.
 */
export function renderLatencyRecallSvg(series: readonly CurveSeries[], title: string): string {
  const points = series.flatMap((s) => s.points).filter((p) => Number.isFinite(p.p50) && p.p50 > 0)
  const minRecall = Math.max(0, Math.min(0.9, ...points.map((p) => p.recall)) - 0.02)
  const maxLatency = Math.max(1, ...points.map((p) => p.p50))
  const minLatency = Math.min(maxLatency / 10, ...points.map((p) => p.p50))
  const logMin = Math.floor(Math.log10(minLatency))
  const logMax = Math.ceil(Math.log10(maxLatency))
  const plotW = WIDTH - LEFT - RIGHT
  const plotH = HEIGHT - TOP - BOTTOM
  const x = (recall: number) => LEFT + ((recall - minRecall) / (1 - minRecall)) * plotW
  const y = (ms: number) => TOP + plotH - ((Math.log10(ms) - logMin) / Math.max(1, logMax - logMin)) * plotH
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`,
    `<text x="${WIDTH / 2}" y="22" text-anchor="middle" font-size="15">${escapeXml(title)}</text>`,
    `<rect x="${LEFT}" y="${TOP}" width="${plotW}" height="${plotH}" fill="none" stroke="#999"/>`,
  ]
  for (let e = logMin; e <= logMax; e++) {
    for (const m of [1, 2, 5]) {
      const ms = m * 10 ** e
      if (ms < 10 ** logMin || ms > 10 ** logMax) continue
      const yy = y(ms).toFixed(1)
      out.push(`<line x1="${LEFT}" x2="${LEFT + plotW}" y1="${yy}" y2="${yy}" stroke="#eee"/>`)
      out.push(`<text x="${LEFT - 6}" y="${yy}" text-anchor="end" dominant-baseline="middle">${ms}</text>`)
    }
  }
  const step = 1 - minRecall > 0.3 ? 0.1 : 0.02
  for (let r = Math.ceil(minRecall / step) * step; r <= 1.0001; r += step) {
    const xx = x(r).toFixed(1)
    out.push(`<line x1="${xx}" x2="${xx}" y1="${TOP}" y2="${TOP + plotH}" stroke="#eee"/>`)
    out.push(`<text x="${xx}" y="${TOP + plotH + 16}" text-anchor="middle">${r.toFixed(2)}</text>`)
  }
  out.push(`<text x="${LEFT + plotW / 2}" y="${HEIGHT - 16}" text-anchor="middle">recall@10</text>`)
  out.push(
    `<text x="18" y="${TOP + plotH / 2}" text-anchor="middle" transform="rotate(-90 18 ${TOP + plotH / 2})">p50 latency, ms (log)</text>`,
  )
  series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length]!
    const valid = s.points.filter((p) => Number.isFinite(p.p50) && p.p50 > 0)
    if (valid.length > 1) {
      const path = valid.map((p) => `${x(p.recall).toFixed(1)},${y(p.p50).toFixed(1)}`).join(' ')
      out.push(`<polyline points="${path}" fill="none" stroke="${colour}" stroke-width="1.5"/>`)
    }
    for (const p of valid) {
      const px = x(p.recall).toFixed(1)
      const py = y(p.p50).toFixed(1)
      out.push(`<circle cx="${px}" cy="${py}" r="3.5" fill="${colour}"/>`)
      if (p.label)
        out.push(
          `<text x="${px}" y="${(y(p.p50) - 7).toFixed(1)}" font-size="10" text-anchor="middle" fill="${colour}">${escapeXml(p.label)}</text>`,
        )
    }
    const ly = TOP + 10 + i * 18
    out.push(`<rect x="${LEFT + plotW + 14}" y="${ly - 6}" width="12" height="12" fill="${colour}"/>`)
    out.push(`<text x="${LEFT + plotW + 32}" y="${ly + 4}">${escapeXml(s.name)}</text>`)
  })
  out.push('</svg>')
  return `${out.join('\n')}\n`
}
