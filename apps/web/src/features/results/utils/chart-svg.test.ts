// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { barValue, chartFileName, chartGroupsOf, chartSvg, escapeXml, wrapText } from './chart-svg';

const options = [
  { id: 'yes', label: 'Yes', count: 168, percent: 42, marginOfError: 4.8 },
  { id: 'no', label: 'No <never> & "maybe"', count: 232, percent: 58, marginOfError: 4.8 },
  { id: 'rare', label: 'Rarely', count: null, percent: null, marginOfError: null },
];

/** The document parsed as XML, as an image viewer would read it. */
const parse = (svg: string) => new DOMParser().parseFromString(svg, 'image/svg+xml');

describe('chart SVG', () => {
  it('is a standalone, well-formed SVG with title, base, bars, percentages and margins', () => {
    const svg = chartSvg({
      title: 'Do you vape?',
      number: 3,
      groups: [{ heading: null, bars: options }],
      base: 400,
    });
    expect(
      svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"'),
    ).toBe(true);
    const doc = parse(svg);
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const texts = [...doc.getElementsByTagName('text')].map((t) => t.textContent);
    expect(texts).toContain('Q3. Do you vape?');
    expect(texts).toContain('Base: 400 teens answered');
    expect(texts).toContain('42% ±4.8');
    expect(texts).toContain('58% ±4.8');
    expect(texts).toContain('No <never> & "maybe"');
    // Two drawn bars and a grey track for the hidden one; a whisker per shown bar.
    expect(doc.getElementsByTagName('rect')).toHaveLength(1 + 3);
    expect(doc.getElementsByTagName('path')).toHaveLength(2);
    // Nothing loaded from elsewhere.
    expect(svg).not.toMatch(/href=|url\(|<image|<script/);
  });

  it('says a hidden bar is hidden and that groups under 5 are not shown', () => {
    const svg = chartSvg({ title: 'Q', number: 1, groups: [{ heading: null, bars: options }], base: 400 });
    const texts = [...parse(svg).getElementsByTagName('text')].map((t) => t.textContent);
    expect(texts).toContain('Hidden');
    expect(texts).toContain('Groups under 5 are not shown.');
    const shown = chartSvg({
      title: 'Q',
      number: 1,
      groups: [{ heading: null, bars: options.slice(0, 2) }],
      base: 400,
    });
    expect(shown).not.toContain('Groups under 5');
  });

  it('draws a bar’s length from its percentage, the whisker from its margin', () => {
    const svg = chartSvg({
      title: 'Half',
      number: 2,
      groups: [{ heading: null, bars: [{ id: 'a', label: 'A', count: 50, percent: 50, marginOfError: 10 }] }],
      base: 100,
    });
    const doc = parse(svg);
    const bar = doc.getElementsByTagName('rect')[1]!;
    const zero = doc.getElementsByTagName('line')[0]!;
    const hundred = doc.getElementsByTagName('line')[4]!;
    const plot = Number(hundred.getAttribute('x1')) - Number(zero.getAttribute('x1'));
    expect(Number(bar.getAttribute('width'))).toBeCloseTo(plot / 2, 5);
    const whisker = doc.getElementsByTagName('path')[0]!.getAttribute('d')!;
    const [from, to] = [...whisker.matchAll(/M([\d.]+) [\d.]+H([\d.]+)/g)][0]!.slice(1).map(Number);
    expect(to! - from!).toBeCloseTo((plot * 20) / 100, 5);
  });

  it('draws a Likert matrix as one group per statement, and a hidden base', () => {
    const svg = chartSvg({
      title: 'How much do you agree?',
      number: 4,
      groups: [
        { heading: 'I feel safe', bars: options.slice(0, 2) },
        { heading: 'I feel heard', bars: options.slice(0, 2) },
      ],
      base: null,
    });
    const texts = [...parse(svg).getElementsByTagName('text')].map((t) => t.textContent);
    expect(texts).toEqual(expect.arrayContaining(['I feel safe', 'I feel heard', 'Base: hidden']));
  });

  it('escapes markup and drops characters XML cannot hold', () => {
    expect(escapeXml('<b>&"\'</b>')).toBe('&lt;b&gt;&amp;&quot;&apos;&lt;/b&gt;');
    expect(escapeXml('a\u0000b\u0007c\uD800d')).toBe('abcd');
    const svg = chartSvg({
      title: 'Title with </svg><script>alert(1)</script>',
      number: 1,
      groups: [{ heading: null, bars: options }],
      base: 5,
    });
    expect(parse(svg).getElementsByTagName('script')).toHaveLength(0);
    expect(parse(svg).getElementsByTagName('parsererror')).toHaveLength(0);
  });

  it('states the weighted base with its effective base (issue 26)', () => {
    const svg = chartSvg({
      title: 'Do you vape?',
      number: 3,
      groups: [{ heading: null, bars: options }],
      base: 400,
      effectiveBase: 310.4,
    });
    const texts = [...parse(svg).getElementsByTagName('text')].map((t) => t.textContent);
    expect(texts).toContain('Base: 400 teens answered (effective base 310 after weighting)');
  });

  it('wraps long text and formats values', () => {
    expect(wrapText('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('', 9)).toEqual(['']);
    expect(barValue(options[0]!)).toBe('42% ±4.8');
    expect(barValue({ id: 'x', label: 'x', count: 3, percent: 33.3, marginOfError: null })).toBe('33.3%');
    // At the edges the interval goes one way only (issue 26).
    expect(barValue({ id: 'x', label: 'x', count: 0, percent: 0, marginOfError: 7.1 })).toBe('0% +7.1');
    expect(barValue({ id: 'x', label: 'x', count: 50, percent: 100, marginOfError: 7.1 })).toBe('100% −7.1');
    expect(barValue(options[2]!)).toBe('Hidden');
  });

  it('knows which questions have bars, and names files after the survey and question', () => {
    const base = { options, matrix: [], distribution: [] };
    expect(chartGroupsOf({ ...base, type: 'single_choice' })).toHaveLength(1);
    expect(chartGroupsOf({ ...base, type: 'ranking' })).toBeNull();
    expect(chartGroupsOf({ ...base, type: 'short_text' })).toBeNull();
    expect(chartFileName('Teens & Money: 2026!', 3, 'svg')).toBe('teens-money-2026-q3.svg');
    expect(chartFileName('¿?', 1, 'png')).toBe('survey-q1.png');
  });
});
