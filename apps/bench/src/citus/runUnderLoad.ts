import { setTimeout as sleep } from 'node:timers/promises'
import { timeIt } from '../harness/timeIt.js'
import { LoadLedger } from './LoadLedger.js'
import { type ConcurrentLoadOptions, startConcurrentLoad } from './startConcurrentLoad.js'

/** How long the load runs alone before and after the change, so both edges of it are under load. */
const MARGIN_MS = 1000

/** Runs `change` while searches and writes run concurrently: the seconds it took and the load's ledger. */
export async function runUnderLoad(
  load: ConcurrentLoadOptions,
  change: () => Promise<void>,
): Promise<{ seconds: number; ledger: LoadLedger }> {
  const ledger = new LoadLedger()
  const running = startConcurrentLoad(ledger, load)
  try {
    await sleep(MARGIN_MS)
    const { ms } = await timeIt(change)
    await sleep(MARGIN_MS)
    return { seconds: ms / 1000, ledger }
  } finally {
    await running.stop()
  }
}
