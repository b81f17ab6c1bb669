import { Checkbox, Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { type CustomerAddressShape, usStateOptionFor } from '@tv/contract';
import { useEffect, useRef, useState } from 'react';
import { commerceApi } from '../../../lib/commerce-client';
import { shopKeys } from '../api/shop-queries';
import type { CheckoutValues } from '../utils/checkout-form';

export const customerQueryKey = () => [...shopKeys.all, 'customer'] as const;

const describe = (a: CustomerAddressShape) =>
  `${a.company}, ${a.street.join(' ')}, ${a.city} ${a.region.region_code} ${a.postcode}`;

/** Fills the billing fields from a saved address. */
function fill(form: UseFormReturnType<CheckoutValues>, a: CustomerAddressShape) {
  form.setValues({
    company: a.company,
    firstName: a.firstname,
    lastName: a.lastname,
    email: a.extension_attributes.email,
    street: a.street.join(' '),
    city: a.city,
    postcode: a.postcode,
    state: usStateOptionFor(a.region.region_code) ?? undefined,
  });
}

/**
 * Checkout's saved billing addresses: the one used last is filled in when the form opens, another can
 * be chosen, and 'Save this address' keeps a new one for next time (Magento's save_in_address_book).
 */
export function SavedBillingAddresses({ form }: { form: UseFormReturnType<CheckoutValues> }) {
  const customer = useQuery({
    queryKey: customerQueryKey(),
    queryFn: () => commerceApi.customer(),
    retry: false,
  });
  const addresses = customer.data?.addresses ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const filled = useRef(false);

  useEffect(() => {
    if (filled.current || !customer.data) return;
    filled.current = true;
    const preferred = addresses.find((a) => String(a.id) === customer.data.default_billing) ?? addresses[0];
    if (preferred) {
      fill(form, preferred);
      setChosen(String(preferred.id));
    }
  }, [customer.data, addresses, form]);

  return (
    <>
      {addresses.length > 0 ? (
        <Select
          label="Saved billing address"
          description="The address you used last is filled in. Manage saved addresses in your account."
          data={addresses.map((a) => ({ value: String(a.id), label: describe(a) }))}
          value={chosen}
          onChange={(value) => {
            const address = addresses.find((a) => String(a.id) === value);
            setChosen(value);
            if (address) fill(form, address);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
      <Checkbox
        label="Save this address for my next order"
        checked={form.values.saveAddress ?? false}
        onChange={(event) => form.setFieldValue('saveAddress', event.currentTarget.checked)}
      />
    </>
  );
}
