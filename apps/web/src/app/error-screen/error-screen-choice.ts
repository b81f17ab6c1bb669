export type ErrorScreenDestination =
  | '/'
  | '/research'
  | '/research/builder'
  | '/research/builder/admin/surveys';

export interface ErrorScreenChoice {
  /** A specific message; when absent the screen shows the generic not-found sentence. */
  message?: string;
  button: { label: string; to: ErrorScreenDestination };
  /** Named in the generic sentence: '… return to the {returnPlace} and try again.' */
  returnPlace: 'homepage' | 'research page';
}

/**
 * Spec §2: the button depends on the last visited path. The builder check comes first, because
 * every builder path also contains '/research/'.
 */
export function chooseErrorScreenAction(path: string, isPlatformUser: boolean): ErrorScreenChoice {
  // Staff screens do not exist for organisation users: say whose work they are, not 'your survey'.
  if (!isPlatformUser && path.includes('/research/builder/admin/incidents')) {
    return {
      message:
        'Safeguarding incidents are handled by TeenVoice’s moderators. Answers under review are marked as withheld in your results.',
      button: { label: 'Go to your surveys', to: '/research/builder' },
      returnPlace: 'research page',
    };
  }
  if (!isPlatformUser && path.includes('/research/builder/admin/')) {
    return {
      message: 'This page is for TeenVoice staff.',
      button: { label: 'Go to your surveys', to: '/research/builder' },
      returnPlace: 'research page',
    };
  }
  if (path.includes('/research/builder')) {
    return {
      message: 'Could not load your survey',
      button: isPlatformUser
        ? { label: 'Go to all surveys', to: '/research/builder/admin/surveys' }
        : { label: 'Go to your surveys', to: '/research/builder' },
      returnPlace: 'research page',
    };
  }
  if (path.includes('/research/reports') || path.includes('/research/')) {
    return { button: { label: 'Go to our research', to: '/research' }, returnPlace: 'research page' };
  }
  return { button: { label: 'Go to home', to: '/' }, returnPlace: 'homepage' };
}

export const notFoundSentence = (returnPlace: ErrorScreenChoice['returnPlace']) =>
  `Sorry, the page you're looking for could not be found. Please check the URL or return to the ${returnPlace} and try again.`;

export const errorScreenTitle = (status: number) => `Oops! ${status} - Page not found`;

export const errorDocumentTitle = (status: number, message: string) => `${status} - ${message}`;
