/** Several paragraphs (well over 400 characters) whose last passage is about something else. */
export function longContent(tail: string, head = ''): string {
  return [
    `${head}The user keeps a vegetable garden behind the house. Tomatoes, courgettes and runner beans grow along the south fence, and the beds are mulched with straw every spring.`,
    'Watering happens early in the morning with a drip line on a timer, because the soil is sandy and dries out quickly once the afternoon sun reaches the beds.',
    'Compost comes from kitchen scraps and autumn leaves, turned every fortnight in three wooden bins that the user built from old pallets.',
    tail,
  ].join('\n\n')
}
