import { describe, expect, it } from 'vitest';
import { buildTableOfContents } from './table-of-contents';

describe('table of contents', () => {
  it('lists h2 headings at the top and h3 to h6 one level under the h2 before them', () => {
    const html = [
      '<p>Intro</p>',
      '<h2 id="why">Why it matters</h2><p>x</p>',
      '<h3 id="numbers">The numbers</h3>',
      '<h4 id="detail">In detail</h4>',
      '<h6 id="note">A note</h6>',
      '<h2 id="what-next">What comes next</h2>',
      '<h5 id="later">Later</h5>',
    ].join('');
    expect(buildTableOfContents(html)).toEqual([
      {
        id: 'why',
        text: 'Why it matters',
        level: 2,
        children: [
          { id: 'numbers', text: 'The numbers', level: 3, children: [] },
          { id: 'detail', text: 'In detail', level: 4, children: [] },
          { id: 'note', text: 'A note', level: 6, children: [] },
        ],
      },
      {
        id: 'what-next',
        text: 'What comes next',
        level: 2,
        children: [{ id: 'later', text: 'Later', level: 5, children: [] }],
      },
    ]);
  });

  it('ignores h1, headings without an id and empty headings', () => {
    const html = '<h1 id="title">Title</h1><h2>No id</h2><h2 id="empty"> </h2><h2 id="ok">Kept</h2>';
    expect(buildTableOfContents(html).map((entry) => entry.id)).toEqual(['ok']);
  });

  it('keeps a subheading that comes before any h2 at the top level', () => {
    expect(buildTableOfContents('<h3 id="a">First</h3><h2 id="b">Second</h2>')).toEqual([
      { id: 'a', text: 'First', level: 3, children: [] },
      { id: 'b', text: 'Second', level: 2, children: [] },
    ]);
  });

  it('reads the text of nested markup and decodes entities', () => {
    const html = `<h2 class="x" id='money'>Teens &amp; <em>money</em>&nbsp;&#8211; 2026&rsquo;s view</h2>`;
    expect(buildTableOfContents(html)).toEqual([
      { id: 'money', text: 'Teens & money – 2026’s view', level: 2, children: [] },
    ]);
  });

  it('matches an opening and closing tag of the same level only', () => {
    const html = '<h2 id="a">A <h3 id="b">B</h3></h2>';
    expect(buildTableOfContents(html)).toHaveLength(1);
  });
});
