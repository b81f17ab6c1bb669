import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http-error';
import {
  type CheckoutValues,
  checkoutFieldErrors,
  checkoutProblems,
  commerceMessage,
  paymentInformation,
  validateCheckout,
  ZIP_MESSAGE,
} from './checkout-form';

const valid: CheckoutValues = {
  company: 'Lakeshore Youth Services',
  firstName: 'Morgan',
  lastName: 'Rivera',
  email: 'Morgan@Lakeshore.test',
  state: { value: 'IL', label: 'Illinois' },
  street: '200 N Michigan Ave',
  city: 'Chicago',
  postcode: '60601',
  organizationId: '',
  paymentMethod: 'purchaseorder',
  poNumber: '',
};

describe('validateCheckout', () => {
  it('accepts a complete form', () => {
    expect(validateCheckout(valid)).toEqual({});
  });

  it("says 'Required' for every missing field", () => {
    const errors = validateCheckout({
      ...valid,
      company: ' ',
      firstName: '',
      lastName: '',
      email: '',
      state: undefined,
      street: '',
      city: '',
      postcode: '',
      paymentMethod: '',
    });
    expect(errors).toMatchObject({
      company: 'Required',
      firstName: 'Required',
      lastName: 'Required',
      email: 'Required',
      state: 'Required',
      street: 'Required',
      city: 'Required',
      postcode: 'Required',
      paymentMethod: 'Choose how you want to pay.',
    });
  });

  it('uses the company form messages of spec §5 word for word', () => {
    expect(
      validateCheckout({ ...valid, company: 'Ab', firstName: 'Jo', lastName: 'Li', email: 'nope' }),
    ).toEqual({
      company: 'Company Name should be at least 3 characters long',
      firstName: 'First Name should be at least 3 characters long',
      lastName: 'Last Name should be at least 3 characters long',
      email: 'Email is not valid',
    });
  });

  it('checks the ZIP code, NUL bytes and the purchase order number', () => {
    expect(validateCheckout({ ...valid, postcode: '9410' }).postcode).toBe(ZIP_MESSAGE);
    expect(validateCheckout({ ...valid, postcode: '94107-1234' })).toEqual({});
    expect(validateCheckout({ ...valid, street: 'Main\u0000St' }).street).toMatch(/letters, numbers/);
    expect(validateCheckout({ ...valid, city: 'x'.repeat(201) }).city).toMatch(/under 200/);
    expect(validateCheckout({ ...valid, poNumber: 'P'.repeat(65) }).poNumber).toMatch(/under 64/);
    // A PO number only matters for an invoice.
    expect(validateCheckout({ ...valid, paymentMethod: 'free', poNumber: 'P'.repeat(65) })).toEqual({});
  });
});

describe('paymentInformation', () => {
  it('builds the Magento body with the organisation and PO number when given', () => {
    const body = paymentInformation({ ...valid, organizationId: 'org-1', poNumber: ' PO-7 ' });
    expect(body).toEqual({
      paymentMethod: { method: 'purchaseorder', po_number: 'PO-7' },
      billing_address: {
        company: 'Lakeshore Youth Services',
        firstname: 'Morgan',
        lastname: 'Rivera',
        email: 'morgan@lakeshore.test',
        street: ['200 N Michigan Ave'],
        city: 'Chicago',
        region_code: 'IL',
        region: 'Illinois',
        postcode: '60601',
        country_id: 'US',
      },
      extension_attributes: { organization_id: 'org-1' },
    });
  });

  it('leaves out what was not chosen', () => {
    const body = paymentInformation({ ...valid, paymentMethod: 'free', poNumber: 'PO-7' });
    expect(body.paymentMethod).toEqual({ method: 'free' });
    expect(body.extension_attributes).toBeUndefined();
  });
});

describe('checkoutFieldErrors', () => {
  it('places each problem of a Magento 400 at its field', () => {
    const error = new HttpError(400, '[ecommerce, POST, /carts/mine/payment-information request errored]', {
      message: 'The billing address is not valid.',
      errors: [
        {
          message: 'First Name should be at least 3 characters long',
          parameters: { fieldName: 'firstname' },
        },
        { message: 'Required', parameters: { fieldName: 'city' } },
        { message: ZIP_MESSAGE, parameters: { fieldName: 'postcode' } },
        { message: 'Required', parameters: { fieldName: 'street[0]' } },
        { message: 'Required', parameters: { fieldName: 'region_code' } },
      ],
    });
    expect(checkoutFieldErrors(error)).toEqual({
      firstName: 'First Name should be at least 3 characters long',
      city: 'Required',
      postcode: ZIP_MESSAGE,
      street: 'Required',
      state: 'Required',
    });
  });

  it('fills a template that names the field', () => {
    const error = new HttpError(404, 'x', {
      message: 'No such entity with %fieldName = %fieldValue',
      parameters: { fieldName: 'organizationId', fieldValue: 'abc' },
    });
    // Only a 400 is about the form; a 404 is for the alert.
    expect(checkoutFieldErrors(error)).toEqual({});
    expect(commerceMessage(error, 'fallback')).toBe('No such entity with organizationId = abc');
  });

  it('leaves an order-level refusal for the alert', () => {
    const error = new HttpError(400, 'x', {
      message: 'The cart is empty. Add a report before you check out.',
    });
    expect(checkoutFieldErrors(error)).toEqual({});
    expect(commerceMessage(error, 'fallback')).toBe('The cart is empty. Add a report before you check out.');
  });
});

describe('checkoutProblems', () => {
  it('keeps what belongs to no field for the alert', () => {
    const error = new HttpError(400, 'x', {
      message: 'The billing address is not valid.',
      errors: [
        { message: 'Required', parameters: { fieldName: 'city' } },
        { message: 'Something about %fieldName', parameters: { fieldName: 'fax' } },
      ],
    });
    expect(checkoutProblems(error)).toEqual({
      fields: { city: 'Required' },
      other: ['Something about fax'],
    });
  });

  it('puts any other failure in the alert, in the server words when it gave some', () => {
    expect(checkoutProblems(new HttpError(0, 'x'))).toEqual({
      fields: {},
      other: ['We could not reach TeenVoice. Check your connection and try again.'],
    });
    expect(checkoutProblems(new HttpError(500, 'x', { message: 'Internal Server Error' })).other).toEqual([
      'Something went wrong on our side.',
    ]);
    expect(
      checkoutProblems(
        new HttpError(400, 'x', { message: 'The card payment failed: Your card was declined.' }),
      ),
    ).toEqual({ fields: {}, other: ['The card payment failed: Your card was declined.'] });
  });
});

describe('commerceMessage', () => {
  it('explains a dropped connection and unwraps a wrapped error', () => {
    expect(commerceMessage(new HttpError(0, 'x'), 'fallback')).toMatch(/could not reach TeenVoice/);
    const wrapped = new Error('[ecommerce, POST, /x request errored]', {
      cause: new HttpError(400, 'x', { message: 'The card payment failed: Your card was declined.' }),
    });
    expect(commerceMessage(wrapped, 'fallback')).toBe('The card payment failed: Your card was declined.');
    expect(commerceMessage(new Error('boom'), 'fallback')).toBe('fallback');
  });
});
