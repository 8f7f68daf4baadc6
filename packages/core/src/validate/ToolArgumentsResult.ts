/** The outcome of `validateToolArguments`: the parsed value, or every problem as a short sentence. */
export type ToolArgumentsResult<T> = { ok: true; value: T } | { ok: false; errors: string[] }
