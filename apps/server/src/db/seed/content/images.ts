import type { ResearchTheme } from '@tv/contract';
import { type Hex, IndexedCanvas, mix } from './png';

/** Open Graph size: what link previews crop to. */
export const COVER_SIZE = { width: 1200, height: 630 } as const;
/** A US Letter page at 800 px wide. */
export const PREVIEW_PAGE_SIZE = { width: 800, height: 1035 } as const;

interface ThemePalette {
  /** Gradient ends of the background, from the site's greens and teals. */
  deep: Hex;
  light: Hex;
  /** The one color that tells the themes apart. */
  accent: Hex;
}

const palettes: Record<ResearchTheme, ThemePalette> = {
  'digital-life': { deep: '#064e3b', light: '#0f766e', accent: '#38bdf8' },
  'health-and-wellbeing': { deep: '#065f46', light: '#14b8a6', accent: '#f9a8d4' },
  'money-and-work': { deep: '#064e3b', light: '#047857', accent: '#fbbf24' },
  learning: { deep: '#134e4a', light: '#059669', accent: '#c4b5fd' },
  'brands-and-media': { deep: '#022c22', light: '#0d9488', accent: '#fb923c' },
  'civic-life': { deep: '#115e59', light: '#10b981', accent: '#93c5fd' },
};

const WHITE: Hex = '#ffffff';
const MINT: Hex = '#a7f3d0';
const TEAL_LIGHT: Hex = '#5eead4';

/** A stable 32-bit hash (FNV-1a), so the same slug always draws the same picture. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A small seeded generator (mulberry32): varied but repeatable shapes. */
function randomFrom(seed: string): () => number {
  let state = hashOf(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A 1200×630 cover: a banded diagonal gradient, large circles and rings in the theme's accent and the
 * site's mint, and one of three motifs (a bar chart, a dot grid, stacked pills) that varies by slug.
 */
export function drawCover(theme: ResearchTheme, slug: string): Buffer {
  const { width, height } = COVER_SIZE;
  const palette = palettes[theme];
  const random = randomFrom(`cover:${slug}`);
  const canvas = new IndexedCanvas(width, height);
  const slope = (random() - 0.5) * 1.6;
  canvas.diagonalGradient(palette.deep, palette.light, 14, slope);

  // Big shapes bleed off an edge so the composition feels cropped from something larger.
  const rightSide = random() > 0.35;
  const bigX = rightSide ? width * (0.72 + random() * 0.2) : width * (0.08 + random() * 0.2);
  const bigY = height * (0.2 + random() * 0.6);
  const bigR = height * (0.42 + random() * 0.2);
  canvas.circle(bigX, bigY, bigR, mix(palette.light, MINT, 0.35));
  canvas.circle(bigX, bigY, bigR * 0.72, mix(palette.deep, palette.light, 0.55));
  canvas.circle(bigX + bigR * 0.55, bigY - bigR * 0.45, bigR * 0.34, palette.accent);
  canvas.circle(bigX - bigR * 0.6, bigY + bigR * 0.5, bigR * 0.24, TEAL_LIGHT, bigR * 0.16);

  const motifX = rightSide ? 72 : width * 0.55;
  const motif = hashOf(slug) % 3;
  if (motif === 0) {
    // A bar chart: research, at a glance.
    const bars = 5 + Math.floor(random() * 3);
    const baseline = height - 96;
    for (let i = 0; i < bars; i++) {
      const barHeight = 60 + random() * 220;
      const color = i === bars - 2 ? palette.accent : mix(MINT, WHITE, 0.3);
      canvas.roundedRect(motifX + i * 58, baseline - barHeight, 38, barHeight, 8, color);
    }
    canvas.rect(motifX - 12, baseline + 12, bars * 58 + 8, 6, mix(MINT, WHITE, 0.5));
  } else if (motif === 1) {
    // A dot grid with a few accent dots: a panel of respondents.
    const columns = 9;
    const rows = 5;
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < columns; column++) {
        const accent = random() < 0.18;
        canvas.circle(
          motifX + column * 48 + 14,
          height - 96 - row * 48,
          accent ? 14 : 9,
          accent ? palette.accent : mix(MINT, WHITE, 0.4),
        );
      }
    }
  } else {
    // Stacked pills: conversations and answers.
    for (let i = 0; i < 4; i++) {
      const pillWidth = 180 + random() * 240;
      const x = motifX + (i % 2 === 0 ? 0 : 60);
      canvas.roundedRect(x, height - 120 - i * 74, pillWidth, 48, 24, i === 1 ? palette.accent : WHITE);
    }
  }

  // A thin accent rule along the bottom edge ties every cover of a theme together.
  canvas.rect(0, height - 14, width, 14, palette.accent);
  return canvas.toPng();
}

/**
 * An 800×1035 page of a report as a reader would see it at a glance: a title band, lines of text as
 * bars, and a chart. Page numbers pick one of three layouts so the previews differ.
 */
export function drawPreviewPage(theme: ResearchTheme, slug: string, page: number): Buffer {
  const { width, height } = PREVIEW_PAGE_SIZE;
  const palette = palettes[theme];
  const random = randomFrom(`page:${slug}:${page}`);
  const canvas = new IndexedCanvas(width, height);
  const paper: Hex = '#f8fafc';
  const ink: Hex = '#cbd5e1';
  const inkDark: Hex = '#94a3b8';
  canvas.rect(0, 0, width, height, paper);

  const margin = 64;
  const footer = height - 64;
  const textLines = (top: number, count: number, left = margin, right = width - margin) => {
    // Lines stop short of the footer whatever the layout asked for.
    const fits = Math.max(0, Math.min(count, Math.floor((footer - 40 - top) / 22)));
    for (let i = 0; i < fits; i++) {
      const last = i === fits - 1;
      const lineWidth = (right - left) * (last ? 0.35 + random() * 0.3 : 0.86 + random() * 0.14);
      canvas.roundedRect(left, top + i * 22, lineWidth, 9, 4.5, ink);
    }
    return top + count * 22;
  };

  // Title band.
  const bandHeight = page === 1 ? 260 : 120;
  canvas.rect(0, 0, width, bandHeight, palette.deep);
  canvas.rect(0, bandHeight, width, 8, palette.accent);
  canvas.roundedRect(margin, bandHeight - 96, width * 0.55, 22, 11, WHITE);
  canvas.roundedRect(margin, bandHeight - 58, width * 0.35, 14, 7, MINT);
  if (page === 1) canvas.circle(width - 120, 90, 150, mix(palette.deep, palette.light, 0.6), 96);

  let y = bandHeight + 56;
  const layout = page % 3;
  if (layout === 1) {
    // Vertical bar chart between paragraphs.
    y = textLines(y, 6) + 40;
    const chartHeight = 300;
    const bars = 6;
    const slot = (width - 2 * margin) / bars;
    canvas.rect(margin, y, width - 2 * margin, chartHeight, '#ffffff');
    for (let i = 0; i < bars; i++) {
      const value = 0.25 + random() * 0.7;
      const barHeight = (chartHeight - 48) * value;
      const color = i === 2 ? palette.accent : mix(palette.light, MINT, i / bars);
      canvas.rect(
        margin + i * slot + slot * 0.2,
        y + chartHeight - 24 - barHeight,
        slot * 0.6,
        barHeight,
        color,
      );
    }
    canvas.rect(margin, y + chartHeight - 24, width - 2 * margin, 3, inkDark);
    textLines(y + chartHeight + 40, 8);
  } else if (layout === 2) {
    // Two columns beside a headline figure in a ring.
    canvas.circle(margin + 110, y + 110, 110, palette.light, 72);
    canvas.circle(margin + 110, y + 110, 72, mix(palette.accent, WHITE, 0.55));
    textLines(y + 20, 8, margin + 260);
    y += 270;
    const middle = width / 2;
    textLines(y, 18, margin, middle - 16);
    textLines(y, 18, middle + 16);
  } else {
    // Horizontal bars: the share of teens who said each answer.
    y = textLines(y, 5) + 36;
    for (let i = 0; i < 6; i++) {
      const value = 0.2 + random() * 0.75;
      canvas.roundedRect(margin, y + i * 42, 150, 10, 5, ink);
      canvas.rect(
        margin + 170,
        y + i * 42 - 6,
        (width - 2 * margin - 170) * value,
        24,
        i === 0 ? palette.accent : palette.light,
      );
    }
    textLines(y + 6 * 42 + 36, 12);
  }

  // Footer rule and page marker.
  canvas.rect(margin, footer, width - 2 * margin, 2, ink);
  canvas.roundedRect(width - margin - 40, height - 48, 40, 10, 5, inkDark);
  return canvas.toPng();
}
