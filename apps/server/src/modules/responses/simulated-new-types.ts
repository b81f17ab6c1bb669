import { type AnswerValue, maxDiffSets, type Question, sliderScaleOf, sliderStepOf } from '@tv/contract';

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
    case 'maxdiff': {
      // In each set, the earlier items (by the author's order) are a little more often best.
      const answer: Record<string, string> = {};
      for (const [index, set] of maxDiffSets(q).entries()) {
        const ranked = [...set].sort(
          (a, b) =>
            q.options.findIndex((o) => o.id === a) +
            random() * 4 -
            (q.options.findIndex((o) => o.id === b) + random() * 4),
        );
        answer[`${index + 1}.best`] = ranked[0]!;
        answer[`${index + 1}.worst`] = ranked.at(-1)!;
      }
      return answer;
    }
    case 'constant_sum': {
      if (q.options.length === 0) return undefined;
      // Random shares in whole points that add up exactly to the total.
      const total = q.sumTotal ?? 100;
      const shares = q.options.map(() => random() ** 2);
      const sum = shares.reduce((a, b) => a + b, 0) || 1;
      const points = shares.map((share) => Math.floor((share / sum) * total));
      points[0]! += total - points.reduce((a, b) => a + b, 0);
      return Object.fromEntries(q.options.map((o, i) => [o.id, String(points[i])]));
    }
    case 'image_choice': {
      if (q.options.length === 0) return undefined;
      // Earlier pictures a little more often, as earlier options are.
      const weights = q.options.map((_, i) => 1 / (1 + i * 0.3));
      let roll = random() * weights.reduce((a, b) => a + b, 0);
      let index = 0;
      while (index < weights.length - 1 && roll > weights[index]!) {
        roll -= weights[index]!;
        index += 1;
      }

      if (!q.multiple) return q.options[index]!.id;
      const chosen = q.options.filter((o, i) => i === index || (!o.exclusive && random() < 0.3));
      const alone = chosen.find((o) => o.exclusive);
      const picked = alone ? [alone] : chosen;
      const max = q.maxSelections ?? picked.length;
      const ids = picked.slice(0, max).map((o) => o.id);
      for (const o of q.options)
        if (!alone && ids.length < (q.minSelections ?? 0) && !o.exclusive && !ids.includes(o.id))
          ids.push(o.id);
      return ids;
    }
    default:
      return undefined;
  }
}

const DAY = 86_400_000;
