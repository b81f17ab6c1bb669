import {
  Alert,
  Button,
  Divider,
  Drawer,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminProduct } from '@tv/contract';
import { useMemo, useRef, useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { serverFieldErrors, serverMessage } from '../../../lib/backend-client';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { isHttpError } from '../../../lib/http-error';
import { adminProductsQueryOptions, useShopCategories } from '../api/get-products';
import { useReportOptions } from '../api/get-reports';
import { useSaveProduct } from '../api/save-product';
import {
  emptyProductValues,
  type ProductFormValues,
  productFormValues,
  validateProductForm,
} from '../utils/product-form';
import { ProductFileField } from './product-file-field';

interface ProductEditorProps {
  /** The product to edit, or null for a new one. */
  product: AdminProduct | null;
  canManage: boolean;
  onClose: () => void;
}

const isVersionConflict = (error: unknown) =>
  isHttpError(error) &&
  error.status === 409 &&
  (error.data as { code?: string } | undefined)?.code === 'VERSION_CONFLICT';

/**
 * A product in a drawer: SKU, name, price, category, the report it sells, downloads per purchase and
 * whether it is on sale, then (once saved) its PDF and free sample. Saves name the version they
 * started from; someone else's newer save is offered to load instead of being overwritten.
 */
export function ProductEditor({ product, canManage, onClose }: ProductEditorProps) {
  const queryClient = useQueryClient();
  const categories = useShopCategories();
  const reports = useReportOptions();
  const save = useSaveProduct();
  // The product as last saved here (or uploaded to): its version is the one the next save names.
  const [saved, setSaved] = useState<AdminProduct | null>(product);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [reloading, setReloading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<ProductFormValues>({
    initialValues: product ? productFormValues(product) : emptyProductValues,
  });
  const readOnly = !canManage;

  const categoryOptions = useMemo(
    () => (categories.data ?? []).map((category) => ({ value: String(category.id), label: category.path })),
    [categories.data],
  );
  const reportOptions = useMemo(() => {
    const options = (reports.data ?? []).map((report) => ({
      value: String(report.id),
      label: report.status === 'published' ? report.title : `${report.title} (${report.status})`,
    }));
    // A linked report beyond the first 100 still shows by its title.
    const linked = saved?.contentEntryId;
    if (linked && !options.some((option) => option.value === String(linked)))
      options.unshift({ value: String(linked), label: saved?.contentTitle ?? `Report ${linked}` });
    return options;
  }, [reports.data, saved?.contentEntryId, saved?.contentTitle]);

  const requestClose = () => {
    // The question opens after the key or click that asked to close has been handled: opened within
    // the same Escape, the confirmation would take that Escape as its own and close at once (with
    // transitions off, for people who prefer reduced motion, it always did).
    if (form.isDirty() && !save.isPending) window.setTimeout(() => setConfirmingClose(true), 0);
    else onClose();
  };

  const onSubmit = form.onSubmit((values) => {
    save.reset();
    const result = validateProductForm(values, Boolean(saved?.file));
    if (!result.ok) {
      form.setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    const isNew = saved === null;
    save.mutate(
      saved
        ? { id: saved.id, input: result.input, version: saved.version }
        : { id: null, input: result.input },
      {
        onSuccess: (stored) => {
          setSaved(stored);
          const settled = productFormValues(stored);
          form.setValues(settled);
          form.resetDirty(settled);
          notifications.show({
            color: 'green',
            title: isNew ? 'Product created' : 'Product saved',
            message: isNew
              ? 'Now upload its PDF; then it can go on sale.'
              : `${stored.name} is saved${stored.onSale ? ' and on sale' : ''}.`,
          });
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          if (Object.keys(fields).length > 0) form.setErrors(fields);
        },
      },
    );
  });

  /** Someone else saved first: load their version into the form, dropping the edits made here. */
  const loadLatest = async () => {
    if (!saved) return;
    setReloading(true);
    try {
      const list = await queryClient.fetchQuery({ ...adminProductsQueryOptions(), staleTime: 0 });
      const latest = list.find((item) => item.id === saved.id);
      if (latest) {
        setSaved(latest);
        const values = productFormValues(latest);
        form.setValues(values);
        form.resetDirty(values);
        form.clearErrors();
        save.reset();
      }
    } finally {
      setReloading(false);
    }
  };

  /** After an upload the file is shown; the form keeps what was typed. */
  const onUploaded = (uploaded: AdminProduct) => {
    setSaved((current) => {
      if (!current) return uploaded;
      // Only the upload changed it: its version is ours. Another save in between keeps ours, so
      // the next save here is told about it instead of overwriting it.
      const version = uploaded.version === current.version + 1 ? uploaded.version : current.version;
      return { ...current, file: uploaded.file, sample: uploaded.sample, version };
    });
    form.setFieldError('onSale', null);
  };

  const conflict = isVersionConflict(save.error);
  const otherError = save.isError && !conflict && Object.keys(serverFieldErrors(save.error)).length === 0;

  return (
    <>
      <Drawer
        opened
        onClose={requestClose}
        position="right"
        size="lg"
        title={
          <Text fw={700} size="lg">
            {saved ? `Edit ${saved.sku}` : 'New product'}
          </Text>
        }
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <form
          ref={formRef}
          onSubmit={onSubmit}
          noValidate
          aria-label={saved ? `Edit product ${saved.sku}` : 'New product'}
        >
          <Stack gap="md">
            {conflict ? (
              <Alert
                color="orange"
                icon={<IconAlertCircle size={18} />}
                title="Someone else saved this product"
              >
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{serverMessage(save.error, '')}</Text>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconRefresh size={14} aria-hidden />}
                    loading={reloading}
                    onClick={() => void loadLatest()}
                  >
                    Load the latest version
                  </Button>
                </Stack>
              </Alert>
            ) : null}
            {otherError ? (
              <Alert color="red" icon={<IconAlertCircle size={18} />} title="The product was not saved">
                {serverMessage(save.error, 'The product could not be saved. Please try again.')}
              </Alert>
            ) : null}

            <TextInput
              label="SKU"
              description="Capital letters, digits and dashes, for example TV-RPT-2026-01."
              required
              readOnly={readOnly}
              autoComplete="off"
              {...form.getInputProps('sku')}
              onBlur={() => form.setFieldValue('sku', form.getValues().sku.trim().toUpperCase())}
            />
            <TextInput label="Name" required readOnly={readOnly} {...form.getInputProps('name')} />
            <NumberInput
              label="Price"
              description="In US dollars. 0 makes the report free."
              required
              readOnly={readOnly}
              prefix="$"
              decimalScale={2}
              fixedDecimalScale
              thousandSeparator=","
              allowNegative={false}
              min={0}
              hideControls
              inputMode="decimal"
              {...form.getInputProps('price')}
            />
            <Select
              label="Category"
              placeholder={categories.isPending ? 'Loading categories…' : 'Choose a category'}
              data={categoryOptions}
              readOnly={readOnly}
              clearable
              searchable
              nothingFoundMessage="No category has that name"
              {...form.getInputProps('categoryId')}
              error={categories.isError ? 'The categories could not be loaded.' : form.errors.categoryId}
            />
            <Select
              label="Linked report"
              description="The report this product sells. Its page is the product page."
              placeholder={reports.isPending ? 'Loading reports…' : 'Choose a report'}
              data={reportOptions}
              readOnly={readOnly}
              clearable
              searchable
              nothingFoundMessage="No report has that title"
              {...form.getInputProps('contentEntryId')}
              error={reports.isError ? 'The reports could not be loaded.' : form.errors.contentEntryId}
              onChange={(value) => {
                form.setFieldValue('contentEntryId', value);
                const report = reports.data?.find((item) => String(item.id) === value);
                if (report && !form.getValues().name.trim()) form.setFieldValue('name', report.title);
              }}
            />
            <NumberInput
              label="Downloads per purchase"
              description="How often a buyer can download the PDF. 0 means unlimited."
              required
              readOnly={readOnly}
              allowDecimal={false}
              allowNegative={false}
              min={0}
              max={1000}
              {...form.getInputProps('numberOfDownloads')}
            />
            <Switch
              label="On sale"
              description={
                saved?.file
                  ? 'Buyers can add it to their cart.'
                  : 'Buyers can add it to their cart once the report PDF is uploaded.'
              }
              disabled={readOnly}
              {...form.getInputProps('onSale', { type: 'checkbox' })}
            />

            <Divider />
            {saved ? (
              <Stack gap="md">
                <ProductFileField product={saved} kind="file" disabled={readOnly} onUploaded={onUploaded} />
                <ProductFileField product={saved} kind="sample" disabled={readOnly} onUploaded={onUploaded} />
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Create the product first; then upload its PDF and a free sample here.
              </Text>
            )}

            <Group justify="flex-end" gap="sm" mt="sm">
              <Button variant="default" onClick={requestClose} disabled={save.isPending}>
                {canManage ? 'Cancel' : 'Close'}
              </Button>
              {canManage ? (
                <Button type="submit" loading={save.isPending}>
                  {saved ? 'Save product' : 'Create product'}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </form>
      </Drawer>
      <ConfirmModal
        opened={confirmingClose}
        title="Discard your changes?"
        confirmLabel="Discard changes"
        pending={false}
        error={null}
        onClose={() => setConfirmingClose(false)}
        onConfirm={() => {
          setConfirmingClose(false);
          onClose();
        }}
      >
        <Text size="sm">The changes you made to this product are not saved yet.</Text>
      </ConfirmModal>
    </>
  );
}
