import { helpResources } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { contactLinks } from './contact-links';

describe('help line links', () => {
  it('offers a call and a text link for a number that takes both', () => {
    expect(contactLinks('Call or text 988')).toEqual([
      { kind: 'call', href: 'tel:988', label: 'Call 988' },
      { kind: 'text', href: 'sms:988', label: 'Text 988' },
    ]);
    expect(contactLinks('Call or text 1-800-422-4453').map((l) => l.href)).toEqual([
      'tel:18004224453',
      'sms:18004224453',
    ]);
  });

  it('fills in the keyword a text line asks for', () => {
    expect(contactLinks('Text HOME to 741741')).toEqual([
      { kind: 'text', href: 'sms:741741?&body=HOME', label: 'Text HOME to 741741' },
    ]);
  });

  it('links every resource the server may send', () => {
    for (const resource of helpResources) expect(contactLinks(resource.contact).length).toBeGreaterThan(0);
    expect(contactLinks('Call 911')).toEqual([{ kind: 'call', href: 'tel:911', label: 'Call 911' }]);
  });

  it('leaves a contact without a number as text', () => {
    expect(contactLinks('Talk to a trusted adult')).toEqual([]);
  });
});
