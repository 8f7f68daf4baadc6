/** Default cap on a tool call's raw arguments (UTF-8 bytes of the JSON), checked before parsing. */
export const MAX_TOOL_ARGUMENT_BYTES = 16 * 1024
