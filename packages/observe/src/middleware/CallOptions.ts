import type { LanguageModelMiddleware } from 'ai'

/** The call options a language-model middleware sees (the provider-level prompt included). */
export type CallOptions = Parameters<NonNullable<LanguageModelMiddleware['transformParams']>>[0]['params']
export type ProviderPrompt = CallOptions['prompt']
