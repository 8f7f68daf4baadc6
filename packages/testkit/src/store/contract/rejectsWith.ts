import { expect } from 'vitest'

/** Asserts that `promise` rejects with an error `guard` accepts. */
export async function rejectsWith(
  promise: Promise<unknown>,
  guard: (error: unknown) => boolean,
): Promise<void> {
  let caught: unknown
  try {
    await promise
  } catch (error) {
    caught = error
  }
  expect(caught, 'expected the call to reject').toBeDefined()
  expect(guard(caught), `unexpected error: ${String(caught)}`).toBe(true)
}
