import { Button, type ButtonProps, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { DownloadableProduct } from '@tv/contract';
import { useEffect, useRef, useState } from 'react';
import { saveBlob } from '../../../lib/file-download';
import { useDownloadMessagesStore } from '../../../stores/download-messages-store';
import { downloadsQueryOptions, shopKeys } from '../api/shop-queries';
import { downloadOnce, fetchReportFile, reportFileName } from '../utils/download-file';
import { downloadBlocker } from '../utils/orders';

interface DownloadButtonProps {
  link: DownloadableProduct;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/**
 * Downloads a purchased report: fetches its signed address, saves the file under the server's name and
 * says how it went ('Preparing your file' → 'Your file is ready to download' or 'Error downloading this
 * file' with the server's reason). An expired address is renewed once by reloading the list.
 */
export function DownloadButton({ link, size = 'sm', variant = 'filled' }: DownloadButtonProps) {
  const key = `report-download:${link.link_hash}`;
  const message = useDownloadMessagesStore((state) => state.messages[key]);
  const setDownloadState = useDownloadMessagesStore((state) => state.setDownloadState);
  const clearDownloadMessage = useDownloadMessagesStore((state) => state.clearDownloadMessage);
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const blocker = downloadBlocker(link);
  const messageId = `${key}-message`;

  useEffect(() => () => clearDownloadMessage(key), [clearDownloadMessage, key]);

  async function download() {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setReason(null);
    setDownloadState(key, 'preparing');
    const fallbackName = reportFileName(link.product_name);
    try {
      const result = await downloadOnce({
        url: link.download_url,
        unavailableReason: blocker ?? 'This file is not available right now.',
        fetchFile: (url) => fetchReportFile(url, fallbackName),
        renew: async () => {
          const fresh = await queryClient.fetchQuery({ ...downloadsQueryOptions(), staleTime: 0 });
          const renewed = fresh.items.find((item) => item.link_hash === link.link_hash);
          return {
            url: renewed?.download_url ?? null,
            reason: renewed
              ? (downloadBlocker(renewed) ?? '')
              : 'This report is no longer in your downloads.',
          };
        },
      });
      if (result.ok) {
        saveBlob(result.blob, result.fileName);
        setDownloadState(key, 'success');
      } else {
        setDownloadState(key, 'error');
        setReason(result.reason);
      }
    } catch {
      setDownloadState(key, 'error');
      setReason('The download stopped before it finished. Please try again.');
    } finally {
      running.current = false;
      setBusy(false);
      // The downloads left changed (or the address was renewed).
      void queryClient.invalidateQueries({ queryKey: shopKeys.downloads() });
    }
  }

  const color = message?.state === 'error' ? 'red' : message?.state === 'success' ? 'green' : 'dimmed';
  return (
    <Stack gap={6} align="flex-start">
      <Button
        size={size}
        variant={variant}
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => void download()}
        loading={busy}
        disabled={blocker !== null && !busy}
        aria-label={`Download ${link.product_name}`}
        aria-describedby={messageId}
      >
        Download
      </Button>
      <Text
        id={messageId}
        size="sm"
        c={color}
        role="status"
        aria-live="polite"
        data-testid="download-message"
      >
        {message ? message.text : (blocker ?? '')}
        {message?.state === 'error' && reason ? `: ${reason}` : ''}
      </Text>
    </Stack>
  );
}
