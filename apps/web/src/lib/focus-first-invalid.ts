/**
 * After a form's errors render, moves focus to its first invalid field, so a person on a small screen
 * (or a screen reader) lands on what needs fixing instead of staying on the button below it.
 */
export function focusFirstInvalid(form: HTMLElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
