export interface ContactLink {
  kind: 'call' | 'text';
  href: string;
  label: string;
}

/**
 * Tappable links for a help line written the way people say it ('Call or text 988',
 * 'Text HOME to 741741', 'Call 911'), so a teen on a phone reaches it in one tap.
 */
export function contactLinks(contact: string): ContactLink[] {
  const number = contact.match(/(\d[\d\s-]*\d|\d)\s*$/)?.[1];
  if (!number) return [];
  const digits = number.replace(/\D/g, '');
  const lower = contact.toLowerCase();
  const links: ContactLink[] = [];
  if (/\bcall\b/.test(lower)) links.push({ kind: 'call', href: `tel:${digits}`, label: `Call ${number}` });
  if (/\btext\b/.test(lower)) {
    const keyword = contact.match(/\btext\s+([A-Z]{2,})\s+to\b/i)?.[1];
    links.push({
      kind: 'text',
      // '?&body=' is the form both iOS and Android fill in.
      href: keyword ? `sms:${digits}?&body=${encodeURIComponent(keyword)}` : `sms:${digits}`,
      label: keyword ? `Text ${keyword} to ${number}` : `Text ${number}`,
    });
  }
  return links;
}
