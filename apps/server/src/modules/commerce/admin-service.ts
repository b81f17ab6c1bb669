import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { MediaStorage } from '../content/service';
import type { MailService } from '../mail/service';
import { createAdminOrders } from './admin-orders';
import { createAdminProducts } from './admin-products';
import { salesOverview } from './admin-sales';

// The commerce admin service, put together from its parts: admin-products.ts (products, categories,
// report files), admin-orders.ts (orders and their state changes) and admin-sales.ts (the sales
// overview), with admin-input.ts checking what staff send.

export { brokenTextProblem, isPdf } from './admin-input';
export { ORDER_CONFLICT, ORDER_PAGE_SIZE, orderStates } from './admin-orders';
export {
  FILE_BEFORE_SALE,
  MAX_PRODUCT_FILE_BYTES,
  NOT_A_PDF,
  PRODUCT_CONFLICT,
  PRODUCT_FILE_TOO_LARGE,
  type ProductFileKind,
} from './admin-products';

export interface CommerceAdminDeps {
  db: Db;
  storage: MediaStorage;
  mail: MailService;
  config: Config;
}

export function createCommerceAdminService(deps: CommerceAdminDeps) {
  const { db } = deps;
  const products = createAdminProducts(deps);
  const orders = createAdminOrders(deps);

  /**
   * Revenue is what was paid minus what was refunded, counted in the month of payment (UTC). An
   * order's net revenue is shared among its reports by their share of the subtotal.
   */
  const sales = (now = new Date()) => salesOverview(db, now);

  return {
    listProducts: products.listProducts,
    getProduct: products.getProduct,
    listCategories: products.listCategories,
    createProduct: products.createProduct,
    updateProduct: products.updateProduct,
    assertProductExists: products.assertProductExists,
    storeProductFile: products.storeProductFile,
    listOrders: orders.listOrders,
    getOrder: orders.getOrder,
    markPaid: orders.markPaid,
    cancel: orders.cancel,
    refund: orders.refund,
    sales,
  };
}

export type CommerceAdminService = ReturnType<typeof createCommerceAdminService>;
