/** The stores W13 soaks: the embedded default (PGlite) and PostgreSQL. */
export const SOAK_BACKEND_KINDS = ['embedded', 'postgres'] as const

/** One of `SOAK_BACKEND_KINDS`. */
export type SoakBackendKind = (typeof SOAK_BACKEND_KINDS)[number]
