/** The server names the accepted terms version; on screen that is the terms checkbox. */
export function fieldErrorsForForm(errors: Record<string, string>): Record<string, string> {
  const { termsAndConditions, ...rest } = errors;
  return termsAndConditions ? { ...rest, acceptTerms: termsAndConditions } : rest;
}
