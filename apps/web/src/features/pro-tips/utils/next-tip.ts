/** Spec §9: pro tips are numbered 1 to 11. */
export const PRO_TIP_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;

export interface ProTip {
  number: number;
  text: string;
}

/** The tips that have text in the copy; tip 4 has none, so it never shows. */
export function tipsFromCopy(copy: Readonly<Record<string, string | undefined>>): ProTip[] {
  return PRO_TIP_NUMBERS.flatMap((number) => {
    const text = copy[`proTip${number}`]?.trim();
    return text ? [{ number, text }] : [];
  });
}

/** One tip at a time: the first, in order, that has not been dismissed yet; null once all were seen. */
export function nextTip(tips: readonly ProTip[], seen: readonly number[]): ProTip | null {
  return tips.find((tip) => !seen.includes(tip.number)) ?? null;
}
