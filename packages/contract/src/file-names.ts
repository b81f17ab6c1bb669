/** A survey's name as the start of a file name: lower-case ASCII words joined by hyphens, or 'survey'. */
export function surveyFileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'survey';
}
