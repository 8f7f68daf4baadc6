import type { ReportTable } from '../../report/BenchReport.js'
import { formatNumber } from '../../report/formatNumber.js'
import type { WritesPerSearch } from './PeerResult.js'

/**
 * The WAL a search of ours writes, by record kind (`resource manager/record type`, read with
 * `pg_walinspect`), per search: records and the full-page images they carry in columns of their
 * own, then the database's total, the rest of the server's WAL in the window, and the row versions.
 */
export function renderWalProbeTable(title: string, w: WritesPerSearch): ReportTable {
  const per = (n: number) => n / Math.max(1, w.searches)
  const bytes = (n: number) => formatNumber(per(n), 0)
  const rows: Array<Array<string | number>> = (w.wal?.kinds ?? []).map((k) => [
    k.kind,
    formatNumber(per(k.records), 2),
    bytes(k.recordBytes),
    bytes(k.fpiBytes),
  ])
  if (w.wal) {
    rows.push([
      '**the database, all kinds**',
      formatNumber(per(w.wal.kinds.reduce((sum, k) => sum + k.records, 0)), 2),
      bytes(w.wal.recordBytes),
      bytes(w.wal.fpiBytes),
    ])
    rows.push([
      `the rest of the server's WAL in the window (other databases; checkpoints: ${w.wal.checkpoints})`,
      '—',
      bytes(w.wal.elsewhereBytes),
      '—',
    ])
  } else {
    rows.push([
      'the whole server (pg_walinspect not available: no breakdown)',
      '—',
      formatNumber(w.serverWalBytes, 0),
      '—',
    ])
  }
  rows.push([
    'row versions per search (every table; of them `memories`)',
    `${formatNumber(w.rowVersions, 2)}; ${formatNumber(w.memoriesRowVersions, 2)}`,
    '—',
    '—',
  ])
  return {
    title,
    columns: [
      'WAL record kind',
      'records per search',
      'bytes per search (records)',
      'bytes per search (full-page images)',
    ],
    rows,
  }
}
