import { isUsState, usStateName } from '@tv/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { type BillingAddress, commerceBillingAddresses } from '../../db/schema/commerce';

/** One problem with one field, in Magento's shape: the client shows it next to `fieldName`. */
export interface FieldProblem {
  message: string;
  parameters: { fieldName: string };
}

export const MAX_TEXT = 200;
export const ZIP_MESSAGE = 'Enter a 5-digit ZIP code, like 94107.';
export const US_ONLY_MESSAGE = 'We can only bill US addresses for now.';

/** Control characters (NUL among them) and lone surrogates: nothing a person types, and PostgreSQL refuses NUL. */
const unstorable = /[\p{Cc}\p{Cs}]/u;
const emailSchema = z.email();

export type TextResult = { ok: true; value: string | null } | { ok: false; problem: FieldProblem };

/**
 * A single-line text field: missing or blank is `null` (the caller decides whether that is allowed),
 * anything but a string, a control character, a lone surrogate or more than `max` characters is refused.
 */
export function readText(value: unknown, fieldName: string, label: string, max = MAX_TEXT): TextResult {
  const problem = (message: string): TextResult => ({
    ok: false,
    problem: { message, parameters: { fieldName } },
  });
  if (value === undefined || value === null) return { ok: true, value: null };
  if (typeof value !== 'string') return problem(`${label} must be text`);
  if (unstorable.test(value))
    return problem(`${label} can only hold letters, numbers, spaces and punctuation`);
  const trimmed = value.trim();
  if (trimmed.length > max) return problem(`${label} should be maximum ${max} characters long`);
  return { ok: true, value: trimmed === '' ? null : trimmed };
}

const required = (fieldName: string): FieldProblem => ({ message: 'Required', parameters: { fieldName } });

/**
 * The billing address of an order, by the company form rules (spec §5): company, first and last name
 * at least 3 characters, a valid email, a street, a city, a US state and ZIP code. Every problem is
 * reported at once, each under its Magento field name.
 */
export function readBillingAddress(
  raw: unknown,
): { ok: true; value: BillingAddress } | { ok: false; errors: FieldProblem[] } {
  const errors: FieldProblem[] = [];
  if (raw === undefined || raw === null) return { ok: false, errors: [required('billing_address')] };
  if (typeof raw !== 'object' || Array.isArray(raw))
    return {
      ok: false,
      errors: [{ message: 'Enter the billing address', parameters: { fieldName: 'billing_address' } }],
    };
  const input = raw as Record<string, unknown>;

  const text = (
    fieldName: string,
    label: string,
    options: { min?: number; optional?: boolean; max?: number } = {},
  ) => {
    const result = readText(input[fieldName], fieldName, label, options.max);
    if (!result.ok) {
      errors.push(result.problem);
      return '';
    }
    if (result.value === null) {
      if (!options.optional) errors.push(required(fieldName));
      return '';
    }
    if (options.min && [...result.value].length < options.min) {
      errors.push({
        message: `${label} should be at least ${options.min} characters long`,
        parameters: { fieldName },
      });
    }
    return result.value;
  };

  const company = text('company', 'Company Name', { min: 3 });
  const firstname = text('firstname', 'First Name', { min: 3 });
  const lastname = text('lastname', 'Last Name', { min: 3 });

  let email = text('email', 'Email', { max: 254 });
  if (email && !emailSchema.safeParse(email).success) {
    errors.push({ message: 'Email is not valid', parameters: { fieldName: 'email' } });
  }
  email = email.toLowerCase();

  const street: string[] = [];
  const rawStreet = input.street;
  if (rawStreet === undefined || rawStreet === null) {
    errors.push(required('street'));
  } else if (!Array.isArray(rawStreet) || rawStreet.length > 3) {
    errors.push({
      message: 'Enter the street address as up to 3 lines',
      parameters: { fieldName: 'street' },
    });
  } else {
    let lineProblem = false;
    rawStreet.forEach((line, index) => {
      const result = readText(line, 'street', 'Street Address');
      if (!result.ok) {
        if (!lineProblem) errors.push(result.problem);
        lineProblem = true;
      } else if (result.value !== null) street.push(result.value);
      else if (index === 0 && !lineProblem) {
        errors.push(required('street'));
        lineProblem = true;
      }
    });
    if (rawStreet.length === 0) errors.push(required('street'));
  }

  const city = text('city', 'City');

  const regionResult = readText(input.region_code, 'region_code', 'State', 8);
  let regionCode = '';
  if (!regionResult.ok) errors.push(regionResult.problem);
  else if (regionResult.value === null) errors.push(required('region_code'));
  else {
    regionCode = regionResult.value.toUpperCase();
    if (!isUsState(regionCode)) {
      errors.push({ message: 'Choose a US state', parameters: { fieldName: 'region_code' } });
    }
  }

  const postcodeResult = readText(input.postcode, 'postcode', 'ZIP Code', 16);
  let postcode = '';
  if (!postcodeResult.ok) errors.push(postcodeResult.problem);
  else if (postcodeResult.value === null) errors.push(required('postcode'));
  else if (!/^\d{5}(-\d{4})?$/.test(postcodeResult.value)) {
    errors.push({ message: ZIP_MESSAGE, parameters: { fieldName: 'postcode' } });
  } else postcode = postcodeResult.value;

  const countryResult = readText(input.country_id, 'country_id', 'Country', 8);
  if (!countryResult.ok) errors.push(countryResult.problem);
  else if (countryResult.value === null) errors.push(required('country_id'));
  else if (countryResult.value.toUpperCase() !== 'US') {
    errors.push({ message: US_ONLY_MESSAGE, parameters: { fieldName: 'country_id' } });
  }

  const telephone = text('telephone', 'Phone Number', { optional: true, max: 40 });

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      company,
      firstname,
      lastname,
      email,
      street,
      city,
      region_code: regionCode,
      region: usStateName(regionCode),
      postcode,
      country_id: 'US',
      ...(telephone ? { telephone } : {}),
    },
  };
}

// ── Saved addresses ──────────────────────────────────────────────────────────────────────────────

export type SavedAddressRow = typeof commerceBillingAddresses.$inferSelect;
/** How many addresses a buyer keeps; saving one more forgets the one used longest ago. */
export const MAX_SAVED_ADDRESSES = 10;

/**
 * After an order: an address the buyer already keeps becomes the last used (preselected next time);
 * a new one is kept only when the buyer ticked 'Save this address'.
 */
export async function rememberBillingAddress(db: Db, userId: string, address: BillingAddress, save: boolean) {
  const same = and(
    eq(commerceBillingAddresses.userId, userId),
    sql`${commerceBillingAddresses.address} = ${JSON.stringify(address)}::jsonb`,
  );
  const touched = await db
    .update(commerceBillingAddresses)
    .set({ lastUsedAt: new Date() })
    .where(same)
    .returning({ id: commerceBillingAddresses.id });
  if (touched.length > 0 || !save) return;
  await db.insert(commerceBillingAddresses).values({ userId, address });
  const kept = await savedBillingAddresses(db, userId);
  const stale = kept.slice(MAX_SAVED_ADDRESSES).map((row) => row.id);
  if (stale.length > 0)
    await db.delete(commerceBillingAddresses).where(inArray(commerceBillingAddresses.id, stale));
}

/** The buyer's saved addresses, the one used last first (that one is the default billing address). */
export function savedBillingAddresses(db: Db, userId: string): Promise<SavedAddressRow[]> {
  return db
    .select()
    .from(commerceBillingAddresses)
    .where(eq(commerceBillingAddresses.userId, userId))
    .orderBy(desc(commerceBillingAddresses.lastUsedAt), desc(commerceBillingAddresses.id));
}

/** Forgets one of the buyer's own addresses; false when it is not theirs (or gone). */
export async function removeBillingAddress(db: Db, userId: string, id: number): Promise<boolean> {
  const removed = await db
    .delete(commerceBillingAddresses)
    .where(and(eq(commerceBillingAddresses.id, id), eq(commerceBillingAddresses.userId, userId)))
    .returning({ id: commerceBillingAddresses.id });
  return removed.length > 0;
}
