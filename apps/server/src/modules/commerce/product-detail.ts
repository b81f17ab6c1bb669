import { textProblem } from '@tv/contract';
import { and, eq, sql } from 'drizzle-orm';
import { commerceProducts } from '../../db/schema/commerce';
import { contentEntries } from '../../db/schema/content';
import * as content from '../content/service';
import type { CatalogDeps } from './catalog';
import { CommerceError } from './errors';
import { absoluteUrl, magentoDate } from './magento-format';
import { toAmount } from './money';
import { samplePath } from './sample-routes';

/** Magento 2.4's words when `GET /products/{sku}` names no product a shopper may see. */
export const PRODUCT_NOT_FOUND_MESSAGE =
  "The product that was requested doesn't exist. Verify the product and try again.";

/** Magento's catalog product (`catalogDataProductInterface`) for a downloadable report. */
export interface MagentoProduct {
  id: number;
  sku: string;
  name: string;
  attribute_set_id: number;
  price: number;
  /** 1 enabled (on sale with a file), 2 disabled. */
  status: 1 | 2;
  /** 4: catalog and search. */
  visibility: number;
  type_id: 'downloadable';
  created_at: string;
  updated_at: string;
  extension_attributes: {
    website_ids: number[];
    category_links: Array<{ position: number; category_id: string }>;
    downloadable_product_links: Array<{
      id: number;
      title: string;
      sort_order: number;
      is_shareable: number;
      price: number;
      number_of_downloads: number;
      link_type: 'file' | 'url';
    }>;
    downloadable_product_samples: Array<{
      id: number;
      title: string;
      sort_order: number;
      sample_type: 'url';
      sample_url: string;
    }>;
  };
  product_links: never[];
  options: never[];
  media_gallery_entries: Array<{
    id: number;
    media_type: 'image';
    label: string;
    position: number;
    disabled: boolean;
    types: string[];
    file: string;
  }>;
  tier_prices: never[];
  custom_attributes: Array<{ attribute_code: string; value: string }>;
}

/**
 * `GET /products/{sku}`: a listed report (its content entry published) as Magento's product, URLs
 * absolute from PUBLIC_URL. Anything else, a draft's product among them, is Magento's 404.
 */
export async function productBySku(deps: CatalogDeps, sku: string): Promise<MagentoProduct> {
  // A SKU no product can have (too long, a NUL byte, broken Unicode) is simply not found.
  const [row] =
    sku.length > 64 || textProblem(sku) !== null
      ? []
      : await deps.db
          .select({
            product: commerceProducts,
            title: sql<string | null>`${contentEntries.attributes}->>'title'`,
            summary: sql<string | null>`${contentEntries.attributes}->>'summary'`,
            cover: sql<
              string | null
            >`(select m.storage_key from content_media m where m.id = case when jsonb_typeof(${contentEntries.attributes}->'cover') = 'number' then (${contentEntries.attributes}->>'cover')::integer end)`,
          })
          .from(commerceProducts)
          .innerJoin(
            contentEntries,
            and(
              eq(contentEntries.id, commerceProducts.contentEntryId),
              eq(contentEntries.type, 'report'),
              content.isPublicEntry(),
            ),
          )
          .where(eq(commerceProducts.sku, sku))
          .limit(1);
  if (!row) throw new CommerceError(404, PRODUCT_NOT_FOUND_MESSAGE);
  const { product } = row;
  const url = absoluteUrl(deps.publicUrl, `/research/reports/${product.urlKey}`);
  const coverUrl = row.cover ? content.mediaUrl({ storageKey: row.cover }) : null;
  const custom: MagentoProduct['custom_attributes'] = [
    { attribute_code: 'url_key', value: product.urlKey },
    { attribute_code: 'url', value: url },
    { attribute_code: 'links_purchased_separately', value: '0' },
  ];
  if (row.summary) custom.push({ attribute_code: 'short_description', value: row.summary });
  if (coverUrl) custom.push({ attribute_code: 'image', value: absoluteUrl(deps.publicUrl, coverUrl) });
  return {
    id: product.id,
    sku: product.sku,
    name: product.name,
    attribute_set_id: 4,
    price: toAmount(product.priceCents),
    status: product.onSale && product.fileKey ? 1 : 2,
    visibility: 4,
    type_id: 'downloadable',
    created_at: magentoDate(product.createdAt),
    updated_at: magentoDate(product.updatedAt),
    extension_attributes: {
      website_ids: [1],
      category_links: product.categoryId ? [{ position: 0, category_id: String(product.categoryId) }] : [],
      downloadable_product_links: product.fileKey
        ? [
            {
              id: product.id,
              title: row.title ?? product.name,
              sort_order: 1,
              is_shareable: 0,
              price: 0,
              number_of_downloads: product.numberOfDownloads,
              link_type: 'file',
            },
          ]
        : [],
      // The free sample anyone may read before buying (sample-routes.ts).
      downloadable_product_samples: product.sampleFileKey
        ? [
            {
              id: product.id,
              title: `${row.title ?? product.name}: free sample`,
              sort_order: 1,
              sample_type: 'url',
              sample_url: absoluteUrl(deps.publicUrl, samplePath(product.urlKey)),
            },
          ]
        : [],
    },
    product_links: [],
    options: [],
    media_gallery_entries: coverUrl
      ? [
          {
            id: 1,
            media_type: 'image',
            label: row.title ?? product.name,
            position: 1,
            disabled: false,
            types: ['image', 'small_image', 'thumbnail'],
            file: absoluteUrl(deps.publicUrl, coverUrl),
          },
        ]
      : [],
    tier_prices: [],
    custom_attributes: custom,
  };
}
