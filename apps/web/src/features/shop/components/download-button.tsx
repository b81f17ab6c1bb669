import { Button, type ButtonProps, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { DownloadableProduct } from '@tv/contract';
import { useEffect, useRef, useState } from 'react';
import { useDownloadMessagesStore } from '../../../stores/download-messages-store';
import { downloadsQueryOptions, shopKeys } from '../api/shop-queries';
import { fileNameFromDisposition, reportFileName, saveBlob } from '../utils/download-file';
import { downloadBlocker } from '../utils/orders';

/** A failed download with the words to show for it. */
class DownloadProblem extends Error {}

type Attempt = { ok: true; blob: Blob; fileName: string } | { ok: false; status: number; reason: string };

const EXPIRED = 410;

/** The core API's error body ({message}) or a plain sentence for the status. */
async function reasonOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body?.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (response.status === EXPIRED) return 'This download link has expired.';
  if (response.status === 401) return 'Your session has ended. Sign in again to download.';
  if (response.status === 403 || response.status === 404)
    return 'This file is not available to your account.';
  return 'The server could not send the file. Please try again in a moment.';
}

async function fetchFile(url: string, fallbackName: string): Promise<Attempt> {
  let response: Response;
  try {
    // The signed address is checked against the session cookie: same origin, never a bearer token.
    response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    return {
      ok: false,
      status: 0,
      reason: 'We could not reach TeenVoice. Check your connection and try again.',
    };
  }
  if (!response.ok) return { ok: false, status: response.status, reason: await reasonOf(response) };
  const blob = await response.blob();
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName);
  return { ok: true, blob, fileName };
}

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
      let url = link.download_url;
      for (let attempt = 0; ; attempt += 1) {
        if (!url) throw new DownloadProblem(downloadBlocker(link) ?? 'This file is not available right now.');
        const result = await fetchFile(url, fallbackName);
        if (result.ok) {
          saveBlob(result.blob, result.fileName);
          setDownloadState(key, 'success');
          return;
        }
        if (result.status === EXPIRED && attempt === 0) {
          // Signed addresses last 15 minutes; the list hands out a fresh one.
          const fresh = await queryClient.fetchQuery({ ...downloadsQueryOptions(), staleTime: 0 });
          const renewed = fresh.items.find((item) => item.link_hash === link.link_hash);
          url = renewed?.download_url ?? null;
          if (!url && renewed) throw new DownloadProblem(downloadBlocker(renewed) ?? result.reason);
          continue;
        }
        throw new DownloadProblem(result.reason);
      }
    } catch (error) {
      setDownloadState(key, 'error');
      setReason(
        error instanceof DownloadProblem
          ? error.message
          : 'The download stopped before it finished. Please try again.',
      );
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
