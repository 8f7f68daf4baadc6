import { z } from 'zod'

/** Which store a command used, the same object in every document that names it. */
export const StoreJsonSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('embedded'),
      dataDir: z.string(),
      /** Set when another process (`serve`, `mcp`) held the directory and this command went through it. */
      servedBy: z.string().optional(),
    })
    .strict(),
  /** The URL with its password replaced by `[REDACTED]`. */
  z.object({ kind: z.literal('postgres'), url: z.string() }).strict(),
])
/** The type of `StoreJsonSchema`. */
export type StoreJson = z.infer<typeof StoreJsonSchema>
