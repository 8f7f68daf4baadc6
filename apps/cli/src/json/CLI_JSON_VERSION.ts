/**
 * The version of every `--json` document (`"version": 1`). It changes only when a field is
 * removed, renamed or changes meaning; new fields may appear within a version.
 */
export const CLI_JSON_VERSION = 1
