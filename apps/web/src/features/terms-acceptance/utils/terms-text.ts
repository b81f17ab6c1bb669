import type { Profile } from '@tv/contract';
import type { UserStatus } from '../../../stores/user-store';

/** `position` keys the block: the text of one version never changes order. */
export type TermsBlock = { kind: 'heading' | 'paragraph'; text: string; position: number };

/**
 * The terms are plain text with '#' headings, shown as text so any markup stays inert. The '# ' title
 * line is dropped: the modal has its own title.
 */
export function termsBlocks(text: string): TermsBlock[] {
  const blocks: TermsBlock[] = [];
  for (const raw of text.split(/\n{2,}/)) {
    const lines = raw
      .trim()
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const first = lines[0];
    if (first === undefined) continue;
    let rest = lines;
    if (first.startsWith('## ')) {
      blocks.push({ kind: 'heading', text: first.slice(3).trim(), position: blocks.length });
      rest = lines.slice(1);
    } else if (first.startsWith('# ')) {
      rest = lines.slice(1);
    }
    if (rest.length > 0) blocks.push({ kind: 'paragraph', text: rest.join(' '), position: blocks.length });
  }
  return blocks;
}

/**
 * Only a signed-in person whose profile says a newer version awaits is asked, and never on respondent
 * pages (a teenager answering a survey is no account holder) nor before the browser state is known.
 */
export function mustAskToAcceptTerms({
  status,
  user,
  respondentPage,
  browserReady,
}: {
  status: UserStatus;
  user: Profile | null;
  respondentPage: boolean;
  browserReady: boolean;
}): boolean {
  if (!browserReady || respondentPage || status !== 'authenticated' || !user) return false;
  return 'mustAcceptTerms' in user && user.mustAcceptTerms === true;
}
