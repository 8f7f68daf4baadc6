/** The schema this process measures in; per process so two runs never collide. Dropped afterwards. */
export const benchSchemaName = `bench_${process.pid}`
