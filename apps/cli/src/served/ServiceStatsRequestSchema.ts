import { z } from 'zod'

/**
 * The holder's service counters (`MemoryService.stats()`: the embedding caches' hit rates), asked
 * on `recall.sock` by `agent-memory stats`: the caches live in the long-running process, so a
 * short command reads them there.
 */
export const ServiceStatsRequestSchema = z.strictObject({ v: z.literal(1), stats: z.literal(true) })
