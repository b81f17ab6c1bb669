import type { FieldworkCounts } from '@tv/contract';

const number = (n: number) => n.toLocaleString('en-US');
const counted = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;

/** The phase of fieldwork a survey's status stands for, as the progress line opens with it. */
function phaseOf(status: string): string {
  if (status === 'live') return 'Fieldwork in progress';
  if (status === 'paused') return 'Fieldwork paused';
  if (status === 'complete' || status === 'in_review' || status === 'results_ready')
    return 'Fieldwork complete';
  return 'Fieldwork';
}

export interface FieldworkProgress {
  /** 'Fieldwork complete: 300 of 300 responses.' (or '300 responses in fieldwork.' without a target). */
  sample: string;
  /** 0–100 of the target, counted as fieldwork counts: null without a target. */
  percent: number | null;
  /** What the page shows of them and what it leaves out; null when it shows them all. */
  shown: string | null;
}

/**
 * The sample as fieldwork counts it (the count the survey's status follows) and, beside it, how many
 * of those responses this page shows and why the others are left out, so the two never disagree.
 */
export function fieldworkProgress(
  status: string,
  sampleSize: number | null,
  fieldwork: FieldworkCounts,
): FieldworkProgress {
  const sample =
    sampleSize === null
      ? `${counted(fieldwork.inSample, 'response', 'responses')} in fieldwork.`
      : `${phaseOf(status)}: ${number(fieldwork.inSample)} of ${counted(sampleSize, 'response', 'responses')}.`;
  const leftOut = [
    ...(fieldwork.simulatedLeftOut
      ? [counted(fieldwork.simulatedLeftOut, 'simulated response', 'simulated responses')]
      : []),
    ...(fieldwork.excludedLeftOut
      ? [counted(fieldwork.excludedLeftOut, 'excluded response', 'excluded responses')]
      : []),
  ];
  const sentences: string[] = [];
  if (leftOut.length) {
    const one = fieldwork.simulatedLeftOut + fieldwork.excludedLeftOut === 1;
    sentences.push(
      `${number(fieldwork.counted)} shown here; ${leftOut.join(' and ')} ${one ? 'is' : 'are'} left out.`,
    );
  } else if (fieldwork.counted !== fieldwork.inSample) {
    sentences.push(`${number(fieldwork.counted)} shown here.`);
  }
  if (fieldwork.heldOnArrival) {
    sentences.push(
      `${counted(fieldwork.heldOnArrival, 'excluded response was', 'excluded responses were')} held for review on arrival and took no place in the sample.`,
    );
  }
  if (fieldwork.simulatedCounted) {
    sentences.push(
      `${counted(fieldwork.simulatedCounted, 'shown response is', 'shown responses are')} simulated.`,
    );
  }
  return {
    sample,
    percent: sampleSize ? Math.min(100, (fieldwork.inSample / sampleSize) * 100) : null,
    shown: sentences.length ? sentences.join(' ') : null,
  };
}
