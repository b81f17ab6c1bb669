import { type AnswerValue, type Question, sliderScaleOf, sliderStepOf } from '@tv/contract';

/**
 * A simulated answer to a question type of decision 048, valid for its settings (the simulator keeps
 * only what answerProblem accepts); undefined for the other types.
 */
export function simulatedNewTypeAnswer(q: Question, random: () => number): AnswerValue | undefined {
  switch (q.type) {
    case 'slider': {
      const { min, max } = sliderScaleOf(q);
      const step = sliderStepOf(q);
      const steps = Math.floor((max - min) / step);
      // Clustered a little above the middle, as real sliders are.
      const at = Math.round(steps * (0.6 + (random() + random() - 1) * 0.35));
      return min + Math.min(steps, Math.max(0, at)) * step;
    }
    case 'date': {
      // A day within the question's bounds: within a year from the earliest, or from today.
      const today = Date.parse(new Date().toISOString().slice(0, 10));
      const max = q.dateMax ? Date.parse(q.dateMax) : null;
      const from = q.dateMin ? Date.parse(q.dateMin) : max !== null && max < today ? max - 365 * DAY : today;
      const to = Math.min(max ?? Number.POSITIVE_INFINITY, from + 365 * DAY);
      const span = Math.max(0, Math.floor((to - from) / DAY));
      return new Date(from + Math.floor(random() * (span + 1)) * DAY).toISOString().slice(0, 10);
    }
    default:
      return undefined;
  }
}

const DAY = 86_400_000;
