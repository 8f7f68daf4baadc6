/**
 * What the fake chat server answers to one request. Scripted per request with `server.script(...)`,
 * else `options.reply(request)`; a request with neither gets a 500 so an unscripted call is loud.
 */
export type ChatReply =
  /** An assistant message with this text (`finish_reason: stop`). */
  | { kind: 'content'; content: string }
  /** An assistant message whose text is `JSON.stringify(value)`: what a structured-output model sends. */
  | { kind: 'json'; value: unknown }
  /** HTTP 200 with a JSON body cut off in the middle. */
  | { kind: 'malformedJson' }
  /** The model declines: `content: null` and a `refusal` sentence, as OpenAI sends it. */
  | { kind: 'refusal'; refusal?: string }
  /** 429 with `Retry-After: <seconds>` and/or `retry-after-ms`. */
  | { kind: 'rateLimit'; retryAfterSeconds?: number; retryAfterMs?: number }
  /** Any status with an OpenAI-shaped error body (or the given body). */
  | { kind: 'status'; status: number; body?: unknown }
  /** Never answer (until the client gives up or the server closes): a timeout. */
  | { kind: 'hang' }
  /** Wait `ms`, then answer with `reply`. */
  | { kind: 'delay'; ms: number; reply: ChatReply }
