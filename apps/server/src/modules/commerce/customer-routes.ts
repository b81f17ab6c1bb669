import { COMMERCE_STORE_ID, type CustomerAddressShape, type CustomerShape } from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { routesOf } from '../../plugins/route';
import type { Viewer } from '../identity/service';
import { removeBillingAddress, type SavedAddressRow, savedBillingAddresses } from './billing-address';
import { parseId, shown } from './carts';
import { customerIdOf } from './customers';
import { noSuchEntity } from './errors';
import { magentoDate } from './magento-format';

export function toAddressShape(
  row: SavedAddressRow,
  customerId: number,
  isDefault: boolean,
): CustomerAddressShape {
  const a = row.address;
  return {
    id: row.id,
    customer_id: customerId,
    // Magento's region ids are its own directory's; ours has none, so 0 (Magento's "no region id").
    region: { region_code: a.region_code, region: a.region, region_id: 0 },
    region_id: 0,
    country_id: a.country_id,
    street: a.street,
    company: a.company,
    ...(a.telephone ? { telephone: a.telephone } : {}),
    postcode: a.postcode,
    city: a.city,
    firstname: a.firstname,
    lastname: a.lastname,
    ...(isDefault ? { default_billing: true } : {}),
    extension_attributes: { email: a.email, last_used_at: magentoDate(row.lastUsedAt) },
  };
}

/** `GET /customers/me`: Magento's customer, with the saved billing addresses, the last used as default. */
export async function customerOf(db: Db, viewer: Viewer): Promise<CustomerShape> {
  const [id, saved] = await Promise.all([
    customerIdOf(db, viewer.user.id),
    savedBillingAddresses(db, viewer.user.id),
  ]);
  return {
    id,
    group_id: 1,
    ...(saved[0] ? { default_billing: String(saved[0].id) } : {}),
    created_at: magentoDate(viewer.user.createdAt),
    updated_at: magentoDate(viewer.user.updatedAt),
    created_in: 'Default Store View',
    email: viewer.user.email ?? '',
    firstname: viewer.user.firstName ?? '',
    lastname: viewer.user.lastName ?? '',
    store_id: COMMERCE_STORE_ID,
    website_id: 1,
    addresses: saved.map((row, index) => toAddressShape(row, id, index === 0)),
    disable_auto_group_change: 0,
    extension_attributes: {},
  };
}

/** The customer's own record and saved addresses, inside the Magento prefix (commerce token). */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const route = routesOf(app, ['commerce']);
  const access = { guard: app.requireCustomer };

  route.get(
    '/customers/me',
    { access, summary: 'The customer, with saved billing addresses (the last used is default_billing)' },
    async (request) => customerOf(db, request.customer!),
  );

  route.delete(
    '/customers/me/asa_addresses/:addressId',
    {
      access,
      summary: "Forget one of the customer's saved billing addresses",
      params: z.object({ addressId: z.string() }),
    },
    async (request) => {
      const id = parseId(request.params.addressId);
      if (id === null || !(await removeBillingAddress(db, request.customer!.user.id, id)))
        throw noSuchEntity('addressId', shown(request.params.addressId));
      return true as const;
    },
  );
};
