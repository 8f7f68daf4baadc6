import type { SoakCalls } from './SoakCalls.js'
import type { SoakRecorder } from './SoakRecorder.js'

/** One client's own memories, each as its supersede chain (oldest first, the live one last). */
export interface SoakClientState {
  namespace: string
  items: string[][]
  /** A counter for unique content. */
  written: number
}

/** How one client behaves: its mix of operations and the size it keeps its namespace at. */
export interface SoakClientOptions {
  calls: SoakCalls
  state: SoakClientState
  recorder: SoakRecorder
  /** Live memories the client keeps; above it, it forgets its oldest. */
  cap: number
  until: () => boolean
  /** Whether the embedder was made to fail at any moment in [from, to]. */
  faultDuring: (from: number, to: number) => boolean
  random: () => number
  text: (words: number) => string
}

const MIX: Array<[op: string, weight: number]> = [
  ['search', 50],
  ['remember', 14],
  ['rememberMany', 5],
  ['supersede', 10],
  ['observe', 4],
  ['forget', 17],
]
const TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0)

/**
 * Runs one client until `until()`: a weighted mix of operations on its own namespace, each
 * timed and recorded under `op@path`. Its namespace stays near `cap` live memories (a forget
 * comes first whenever it is above), so the store does not grow through the soak; forgetting a
 * memory forgets its whole supersede chain, so superseded versions do not pile up either.
 */
export async function runSoakClient(options: SoakClientOptions): Promise<void> {
  const { calls, state, recorder, random } = options
  const content = () => `${options.text(10)} [${state.namespace} n${state.written++}]`
  const pick = (): string => {
    if (state.items.length > options.cap) return 'forget'
    let roll = random() * TOTAL
    for (const [op, weight] of MIX) {
      roll -= weight
      if (roll < 0) return op
    }
    return 'search'
  }
  const anyItem = () => Math.floor(random() * state.items.length)
  while (!options.until()) {
    const op = state.items.length === 0 ? 'remember' : pick()
    const key = `${op}@${calls.paths?.[op] ?? calls.path}`
    const started = Date.now()
    const t0 = performance.now()
    try {
      let degraded = false
      switch (op) {
        case 'search':
          degraded = (await calls.search(state.namespace, options.text(3))).degraded
          break
        case 'remember': {
          const result = await calls.remember(state.namespace, content())
          state.items.push([result.id])
          degraded = result.degraded
          break
        }
        case 'rememberMany': {
          const result = await calls.rememberMany(state.namespace, [content(), content(), content()])
          for (const id of result.ids) state.items.push([id])
          degraded = result.degraded
          break
        }
        case 'supersede': {
          const chain = state.items[anyItem()]!
          const result = await calls.supersede(state.namespace, chain.at(-1)!, content())
          chain.push(result.id)
          degraded = result.degraded
          break
        }
        case 'observe': {
          const result = await calls.observe(
            state.namespace,
            `Remember this: ${options.text(8)} (soakfact ${state.namespace} n${state.written++})`,
          )
          for (const id of result.ids) state.items.push([id])
          break
        }
        default: {
          const [chain] = state.items.splice(0, 1)
          // The live version first (the timed call); then its superseded versions, untimed.
          await calls.forget(state.namespace, chain!.at(-1)!)
          const ms = performance.now() - t0
          for (const id of chain!.slice(0, -1)) await calls.forget(state.namespace, id)
          recorder.ok(key, ms, Date.now())
          continue
        }
      }
      recorder.ok(key, performance.now() - t0, Date.now(), degraded)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      recorder.failed(key, Date.now(), options.faultDuring(started, Date.now()), message)
    }
  }
}
