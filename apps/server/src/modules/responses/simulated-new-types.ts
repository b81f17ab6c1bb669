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
    default:
      return undefined;
  }
}
