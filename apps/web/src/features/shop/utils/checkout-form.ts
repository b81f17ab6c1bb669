import {
  companyFormSchema,
  type MagentoError,
  type PaymentInformationBody,
  type PaymentMethodCode,
  renderMagentoMessage,
  type StateOption,
} from '@tv/contract';
import { commerceErrorMessage } from '../../../lib/commerce-client';
import { isHttpError } from '../../../lib/http-error';

/** The checkout form: the company form of spec §5, an address, who the order is for and how to pay. */
export interface CheckoutValues {
  company: string;
  firstName: string;
  lastName: string;
  email: string;
  state: StateOption | undefined;
  street: string;
  city: string;
  postcode: string;
  /** '' when the order is for the buyer alone. */
  organizationId: string;
  paymentMethod: PaymentMethodCode | '';
  poNumber: string;
  /** 'Save this address' for the next checkout. */
  saveAddress?: boolean;
}

export type CheckoutField = keyof CheckoutValues;

export const ZIP_MESSAGE = 'Enter a 5-digit ZIP code, like 94107.';
const TEXT_MAX = 200;
const PO_MAX = 64;
const zipPattern = /^\d{5}(-\d{4})?$/;
/** Control characters (NUL among them) and lone surrogates: the server refuses them. */
const unstorable = /[\p{Cc}\p{Cs}]/u;

const companyFieldOf: Record<string, CheckoutField> = {
  company: 'company',
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  state: 'state',
};

/** The same rules the server applies, so most mistakes are caught before the order is sent. */
export function validateCheckout(values: CheckoutValues): Partial<Record<CheckoutField, string>> {
  const errors: Partial<Record<CheckoutField, string>> = {};
  const blank = (value: string) => value.trim() === '';

  // Spec §5: a field left empty says 'Required'; the rest follow the company form's schema.
  const company = companyFormSchema.safeParse({
    company: values.company,
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    state: values.state,
  });
  if (!company.success) {
    for (const issue of company.error.issues) {
      const field = companyFieldOf[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  for (const field of ['company', 'firstName', 'lastName', 'email'] as const) {
    if (blank(values[field])) errors[field] = 'Required';
  }
  if (!values.state) errors.state = 'Required';

  if (blank(values.street)) errors.street = 'Required';
  if (blank(values.city)) errors.city = 'Required';
  if (blank(values.postcode)) errors.postcode = 'Required';
  else if (!zipPattern.test(values.postcode.trim())) errors.postcode = ZIP_MESSAGE;

  for (const field of ['company', 'firstName', 'lastName', 'email', 'street', 'city'] as const) {
    if (errors[field]) continue;
    if (values[field].length > TEXT_MAX) errors[field] = `Keep this under ${TEXT_MAX} characters.`;
    else if (unstorable.test(values[field]))
      errors[field] = 'Use letters, numbers, spaces and punctuation only.';
  }

  if (!values.paymentMethod) errors.paymentMethod = 'Choose how you want to pay.';
  if (values.paymentMethod === 'purchaseorder') {
    if (values.poNumber.trim().length > PO_MAX)
      errors.poNumber = `Keep the purchase order number under ${PO_MAX} characters.`;
    else if (unstorable.test(values.poNumber))
      errors.poNumber = 'Use letters, numbers, spaces and punctuation only.';
  }
  return errors;
}

/** The body of `POST /carts/mine/payment-information` for valid form values. */
export function paymentInformation(values: CheckoutValues): PaymentInformationBody {
  const method = values.paymentMethod as PaymentMethodCode;
  const poNumber = values.poNumber.trim();
  return {
    paymentMethod: {
      method,
      ...(method === 'purchaseorder' && poNumber ? { po_number: poNumber } : {}),
    },
    billing_address: {
      company: values.company.trim(),
      firstname: values.firstName.trim(),
      lastname: values.lastName.trim(),
      email: values.email.trim().toLowerCase(),
      street: [values.street.trim()],
      city: values.city.trim(),
      region_code: values.state?.value ?? '',
      ...(values.state ? { region: values.state.label } : {}),
      postcode: values.postcode.trim(),
      country_id: 'US',
      ...(values.saveAddress ? { save_in_address_book: true } : {}),
    },
    ...(values.organizationId ? { extension_attributes: { organization_id: values.organizationId } } : {}),
  };
}

/** Magento's field names (billing address, payment) and where they sit on the form. */
const formFieldOf: Record<string, CheckoutField> = {
  company: 'company',
  firstname: 'firstName',
  lastname: 'lastName',
  email: 'email',
  street: 'street',
  'street[0]': 'street',
  street0: 'street',
  city: 'city',
  region: 'state',
  region_code: 'state',
  region_id: 'state',
  postcode: 'postcode',
  country_id: 'postcode',
  po_number: 'poNumber',
  method: 'paymentMethod',
  organization_id: 'organizationId',
  organizationId: 'organizationId',
};

const magentoBody = (error: unknown): MagentoError | null => {
  if (!isHttpError(error)) return null;
  const body = error.data as Partial<MagentoError> | null;
  return body && typeof body === 'object' && typeof body.message === 'string' ? (body as MagentoError) : null;
};

const fieldNameOf = (parameters: MagentoError['parameters']): string | null => {
  if (!parameters || Array.isArray(parameters)) return null;
  const name = parameters.fieldName;
  return typeof name === 'string' ? name : null;
};

/** A failed order's problems: those that belong to a form field, and the rest, for the alert. */
export function checkoutProblems(error: unknown): {
  fields: Partial<Record<CheckoutField, string>>;
  other: string[];
} {
  const body = magentoBody(error);
  if (!body || !isHttpError(error) || error.status !== 400) {
    return { fields: {}, other: [commerceMessage(error, 'Something went wrong on our side.')] };
  }
  const problems = body.errors?.length ? body.errors : [body];
  const fields: Partial<Record<CheckoutField, string>> = {};
  const other: string[] = [];
  for (const problem of problems) {
    const name = fieldNameOf(problem.parameters);
    const field = name ? formFieldOf[name] : undefined;
    // 'Required' and the company form's messages are whole; other templates name their field.
    const message = renderMagentoMessage(problem);
    if (!field) other.push(message);
    else fields[field] ??= message;
  }
  return { fields, other };
}

/**
 * A Magento 400 body's problems placed at their fields ({errors:[{message, parameters:{fieldName}}]}
 * or a single message naming one field); what names no field is left for the alert.
 */
export const checkoutFieldErrors = (error: unknown) => checkoutProblems(error).fields;

/**
 * The server's own words for a failed storefront call (the lib's rules: Magento templates filled, a
 * dropped connection explained, a 5xx not shown as is), looking through a store action's wrapper.
 */
export function commerceMessage(error: unknown, fallback: string): string {
  const cause =
    error instanceof Error && !isHttpError(error) ? (error as { cause?: unknown }).cause : undefined;
  return commerceErrorMessage(cause ?? error, fallback);
}
