/** 'teens-and-money-2025' → 'Teens and money 2025', for pages titled by their URL until content loads. */
export function titleFromSlug(slug: string): string {
  const words = decodeURIComponent(slug).replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : slug;
}
