/** Most messages one `observe` call accepts (new ones are processed `maxNewMessages` at a time). */
export const MAX_OBSERVE_MESSAGES = 5000
