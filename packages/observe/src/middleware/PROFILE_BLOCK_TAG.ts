/** The fence around the user's profile in the prompt. */
export const PROFILE_BLOCK_TAG = 'user-profile'
