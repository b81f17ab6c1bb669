import { type FormErrors, useForm } from '@mantine/form';
import type { SignUpForm } from '@tv/contract';
import { useEffect } from 'react';
import { useTerms } from '../api/get-terms';
import { validateSignUp } from '../utils/validate-sign-up';

/**
 * A sign-up form's values and the terms it accepts. The version of the terms is filled in once they
 * load; until then `termsVersion` is undefined and the form should not be sent.
 */
export function useSignUpForm(
  initialValues: Omit<SignUpForm, 'termsAndConditions'>,
  validate: (values: SignUpForm) => FormErrors = validateSignUp,
) {
  const terms = useTerms();
  const form = useForm<SignUpForm>({
    mode: 'uncontrolled',
    initialValues: { ...initialValues, termsAndConditions: '' },
    validate,
    validateInputOnBlur: true,
  });

  const termsVersion = terms.data?.versionTimestamp;
  useEffect(() => {
    if (termsVersion) form.setFieldValue('termsAndConditions', termsVersion);
  }, [termsVersion, form.setFieldValue]);

  return { form, terms, termsVersion };
}
