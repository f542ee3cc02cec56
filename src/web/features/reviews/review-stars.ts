/** What a screen reader hears for a star rating (the stars themselves are decoration). */
export function starsLabel(count: number, outOf = 5): string {
  return `${count} out of ${outOf} ${outOf === 1 ? 'star' : 'stars'}`;
}
