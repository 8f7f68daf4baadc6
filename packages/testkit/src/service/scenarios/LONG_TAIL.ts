/** A last passage for `longContent`, and a query that matches only it. */
export const LONG_TAIL = {
  text: 'On Thursdays the user takes violin lessons with a teacher called Marguerite in Montmartre.',
  query: 'violin lessons with Marguerite in Montmartre',
} as const
