import { COMMERCE_UNAUTHORIZED_MESSAGE, type MagentoError } from '@tv/contract';

/**
 * An error of the commerce API, answered in Magento's shape: `{message, parameters}` with the
 * template's %placeholders left in the message, as Magento does.
 */
export class CommerceError extends Error {
  constructor(
    readonly statusCode: number,
    readonly template: string,
    readonly parameters?: MagentoError['parameters'],
    readonly errors?: MagentoError['errors'],
  ) {
    super(template);
    this.name = 'CommerceError';
  }

  toBody(): MagentoError {
    const body: MagentoError = { message: this.template };
    if (this.parameters !== undefined) body.parameters = this.parameters;
    if (this.errors !== undefined) body.errors = this.errors;
    return body;
  }
}

/** 404 'No such entity with %fieldName = %fieldValue'. */
export const noSuchEntity = (fieldName: string, fieldValue: string | number) =>
  new CommerceError(404, 'No such entity with %fieldName = %fieldValue', { fieldName, fieldValue });

/** The exact 401 of spec §7: the client refreshes its token and retries on this message. */
export const unauthorizedConsumer = () =>
  new CommerceError(401, COMMERCE_UNAUTHORIZED_MESSAGE, { resources: 'self' });

/** 400 with a plain message (no placeholders). */
export const badRequest = (message: string, parameters?: MagentoError['parameters']) =>
  new CommerceError(400, message, parameters);
