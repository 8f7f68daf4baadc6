import { measureMemoryFloor } from '../harness/measureMemoryFloor.js'
import { formatNumber } from '../report/formatNumber.js'
import type { BenchContext } from './BenchContext.js'
import type { WorkloadOutcome } from './WorkloadOutcome.js'

/**
 * W0: the machine's memory-bandwidth floor for a scan of W6's size, which every in-process search
 * row (W4, W6) is printed against as "× the floor".
 */
export async function runMemoryFloorWorkload(ctx: BenchContext): Promise<WorkloadOutcome> {
  const floor = measureMemoryFloor()
  const size = `${floor.rows.toLocaleString('en-US')} × ${floor.dimensions.toLocaleString('en-US')}`
  ctx.log(
    `W0 memory floor: float32 ${formatNumber(floor.float32Ms)} ms (${formatNumber(floor.gigabytesPerSecond, 1)} GB/s), int8 ${formatNumber(floor.int8Ms)} ms`,
  )
  return {
    report: {
      id: 'W0',
      title: `Memory-bandwidth floor, ${size}`,
      status: 'ok',
      settings: {
        elements: floor.rows * floor.dimensions,
        passes: 25,
        'read per pass': 'one element per 64-byte line',
      },
      tables: [
        {
          title: 'One pass over the bytes (ms)',
          columns: ['Array', 'MB', 'p50', 'best', 'GB/s at p50'],
          rows: [
            [
              'Float32Array',
              formatNumber((floor.rows * floor.dimensions * 4) / 1e6, 1),
              formatNumber(floor.float32Ms),
              formatNumber(floor.float32BestMs),
              formatNumber(floor.gigabytesPerSecond, 1),
            ],
            [
              'Int8Array',
              formatNumber((floor.rows * floor.dimensions) / 1e6, 1),
              formatNumber(floor.int8Ms),
              formatNumber(floor.int8BestMs),
              formatNumber((floor.rows * floor.dimensions) / (floor.int8Ms / 1000) / 1e9, 1),
            ],
          ],
        },
      ],
      notes: [
        'A tight JS loop reads one element per cache line, so every line of the array comes in from memory and almost no arithmetic is done: no scan of these bytes can be faster. Search rows divide their p50 by the float32 p50.',
      ],
      summary: [
        {
          workload: 'W0',
          metric: `memory floor ms, ${size}: float32 / int8 (p50)`,
          ours: `${formatNumber(floor.float32Ms)} / ${formatNumber(floor.int8Ms)}`,
          peers: '—',
          target: 'search rows ≤ 2× the float32 floor',
          met: null,
        },
      ],
    },
  }
}
