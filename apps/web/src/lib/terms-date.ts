/** 'Month day, year' in US English (spec §3); the version is a UTC instant, so no time zone may shift it. */
export const formatTermsDate = (versionTimestamp: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(versionTimestamp));

/** The terms text with its {versionTimestamp} placeholder filled in with the version's date. */
export const fillTermsDate = (content: string, versionTimestamp: string) =>
  content.replaceAll('{versionTimestamp}', formatTermsDate(versionTimestamp));
