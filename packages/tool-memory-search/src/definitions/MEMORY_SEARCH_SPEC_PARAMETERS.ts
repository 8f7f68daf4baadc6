/**
 * The `memory_search` parameters exactly as the spec writes them (spec 000, the tool section),
 * kept as a literal so tests can compare the schema derived from zod against the spec word for word.
 * No user id: identity comes only from the session, never from the model.
 */
export const MEMORY_SEARCH_SPEC_PARAMETERS = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      description:
        'One natural-language sentence describing what you want to recall, for example the user food restrictions',
    },
    limit: {
      type: 'integer',
      description: 'How many rows to return, an integer between 1 and 10, default 5',
      minimum: 1,
      maximum: 10,
    },
  },
  required: ['query'],
} as const
