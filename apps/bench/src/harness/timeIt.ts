/** Wall time of one async call, in milliseconds, with its result. */
export async function timeIt<T>(call: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = process.hrtime.bigint()
  const result = await call()
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result }
}
