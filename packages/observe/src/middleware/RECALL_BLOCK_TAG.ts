/** The fence around recalled memories in the prompt. */
export const RECALL_BLOCK_TAG = 'long-term-memory'
