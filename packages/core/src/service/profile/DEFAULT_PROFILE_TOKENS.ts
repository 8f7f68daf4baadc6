/**
 * A profile's token budget when the caller gives none: about 25 to 30 short facts, small beside a
 * system prompt, so it can ride in every prompt next to the per-turn recall block (800).
 */
export const DEFAULT_PROFILE_TOKENS = 400
