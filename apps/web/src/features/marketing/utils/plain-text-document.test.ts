// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { parsePlainDocument } from './plain-text-document';

describe('plain-text legal document', () => {
  it('splits the text into a title, an introduction and linkable sections', () => {
    const text =
      '# TeenVoice Terms\n\nLast updated May 1, 2026.\n\n## 1. Who we are\nWe run\na platform.\n\nSecond.\n## 2. Your account\nKeep it safe.';
    expect(parsePlainDocument(text)).toEqual({
      title: 'TeenVoice Terms',
      intro: ['Last updated May 1, 2026.'],
      sections: [
        { id: '1-who-we-are', heading: '1. Who we are', paragraphs: ['We run a platform.', 'Second.'] },
        { id: '2-your-account', heading: '2. Your account', paragraphs: ['Keep it safe.'] },
      ],
    });
  });

  it('gives repeated headings distinct ids and keeps markup as text', () => {
    const document = parsePlainDocument('## Notes\n<b>x</b>\n## Notes\ny');
    expect(document.sections.map((section) => section.id)).toEqual(['notes', 'notes-2']);
    expect(document.sections[0]?.paragraphs).toEqual(['<b>x</b>']);
  });
});
