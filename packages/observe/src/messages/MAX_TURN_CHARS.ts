/** Longest text of one message shown to the model; a pasted document is not a memory. */
export const MAX_TURN_CHARS = 4000
