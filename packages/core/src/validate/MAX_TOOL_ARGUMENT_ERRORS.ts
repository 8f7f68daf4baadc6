/** Default number of problems reported for one tool call; the rest are summed up in one line. */
export const MAX_TOOL_ARGUMENT_ERRORS = 10
