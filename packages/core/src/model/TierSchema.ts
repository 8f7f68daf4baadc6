import { z } from 'zod'
import { TIERS } from './Tier.js'

/** One of `TIERS`. */
export const TierSchema = z.enum(TIERS)
