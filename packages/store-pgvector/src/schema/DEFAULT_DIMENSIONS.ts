/** The default embedding width; `migrate({ dimensions })` retypes the vector columns for another one. */
export const DEFAULT_DIMENSIONS = 1536
