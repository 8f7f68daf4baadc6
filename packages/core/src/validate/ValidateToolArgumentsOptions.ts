/** Size limits `validateToolArguments` applies to what a model sends a tool. */
export interface ValidateToolArgumentsOptions {
  /** Largest accepted raw arguments in UTF-8 bytes, measured before parsing. Default 16 KB. */
  maxBytes?: number
  /** Most problems listed before the rest are summed up as `and N more problems`. Default 10. */
  maxErrors?: number
}
