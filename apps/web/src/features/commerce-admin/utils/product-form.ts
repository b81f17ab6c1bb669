import { type AdminProduct, type AdminProductInput, adminProductInputSchema } from '@tv/contract';

/** The product editor's fields as the inputs hold them (selects hold strings, number inputs '' when empty). */
export interface ProductFormValues {
  sku: string;
  name: string;
  price: number | string;
  categoryId: string | null;
  contentEntryId: string | null;
  onSale: boolean;
  numberOfDownloads: number | string;
}

export const emptyProductValues: ProductFormValues = {
  sku: '',
  name: '',
  price: '',
  categoryId: null,
  contentEntryId: null,
  onSale: false,
  numberOfDownloads: 10,
};

export const productFormValues = (product: AdminProduct): ProductFormValues => ({
  sku: product.sku,
  name: product.name,
  price: product.price,
  categoryId: product.categoryId === null ? null : String(product.categoryId),
  contentEntryId: product.contentEntryId === null ? null : String(product.contentEntryId),
  onSale: product.onSale,
  numberOfDownloads: product.numberOfDownloads,
});

const toNumber = (value: number | string) =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);

const toId = (value: string | null) => (value ? Number(value) : null);

export type ProductFormResult =
  | { ok: true; input: AdminProductInput }
  | { ok: false; errors: Partial<Record<keyof ProductFormValues, string>> };

/**
 * The contract's schema, applied before sending: the same messages the server would answer, shown at
 * the fields. SKUs are upper-cased as typed, so 'tv-rpt-1' is accepted as 'TV-RPT-1'.
 */
export function validateProductForm(values: ProductFormValues, hasFile: boolean): ProductFormResult {
  const candidate = {
    sku: values.sku.trim().toUpperCase(),
    name: values.name,
    price: toNumber(values.price),
    categoryId: toId(values.categoryId),
    contentEntryId: toId(values.contentEntryId),
    onSale: values.onSale,
    numberOfDownloads: toNumber(values.numberOfDownloads),
  };
  const parsed = adminProductInputSchema.safeParse(candidate);
  const errors: Partial<Record<keyof ProductFormValues, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof ProductFormValues | undefined;
      if (!field || errors[field]) continue;
      errors[field] =
        field === 'price' && Number.isNaN(candidate.price)
          ? 'Enter a price in dollars, for example 495 or 0 for free.'
          : field === 'numberOfDownloads' && Number.isNaN(candidate.numberOfDownloads)
            ? 'Enter 0 for unlimited downloads, or a number up to 1000.'
            : issue.message;
    }
  }
  if (values.onSale && !hasFile) errors.onSale = 'Upload the report file before putting it on sale.';
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}
