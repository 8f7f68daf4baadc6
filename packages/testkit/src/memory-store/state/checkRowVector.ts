import { DimensionMismatchError } from '@agent-memory/core'
import type { InMemoryState } from './InMemoryState.js'

export function checkRowVector(state: InMemoryState, vector: Float32Array): void {
  if (vector.length !== state.dimensions) {
    throw new DimensionMismatchError({ dimensions: state.dimensions }, { dimensions: vector.length })
  }
}
