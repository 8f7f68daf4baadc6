/** Kept equal to apps/cli/package.json's version. */
export const CLI_VERSION = '0.1.0'
