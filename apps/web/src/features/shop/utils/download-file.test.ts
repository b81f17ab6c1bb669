import { describe, expect, it } from 'vitest';
import {
  downloadOnce,
  fetchReportFile,
  fileNameFromDisposition,
  LINK_EXPIRED,
  reportFileName,
} from './download-file';

describe('fileNameFromDisposition', () => {
  it('reads quoted, bare and UTF-8 names', () => {
    expect(fileNameFromDisposition('attachment; filename="teens-and-sleep.pdf"', 'x.pdf')).toBe(
      'teens-and-sleep.pdf',
    );
    expect(fileNameFromDisposition('attachment; filename=report.pdf', 'x.pdf')).toBe('report.pdf');
    expect(
      fileNameFromDisposition(
        `attachment; filename="fallback.pdf"; filename*=UTF-8''Teens%20%E2%80%94%20money.pdf`,
        'x.pdf',
      ),
    ).toBe('Teens — money.pdf');
  });

  it('never keeps a folder part, and falls back when nothing is named', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"', 'x.pdf')).toBe('passwd');
    expect(fileNameFromDisposition(null, 'x.pdf')).toBe('x.pdf');
    expect(fileNameFromDisposition('attachment', 'x.pdf')).toBe('x.pdf');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A", 'x.pdf')).toBe('x.pdf');
  });
});

describe('reportFileName', () => {
  it('makes a file name from a title', () => {
    expect(reportFileName('Always On: Teens, Phones & Sleep 2026')).toBe(
      'always-on-teens-phones-sleep-2026.pdf',
    );
    expect(reportFileName('???')).toBe('report.pdf');
  });
});

describe('fetchReportFile', () => {
  const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);

  it('asks with the session cookie and names the file as the server does', async () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    const result = await fetchReportFile(
      '/commerce-content/downloads/abc?expires=1&signature=s',
      'x.pdf',
      async (url, init) => {
        calls.push([String(url), init]);
        return new Response(pdf, {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="sleep.pdf"',
          },
        });
      },
    );
    expect(calls).toEqual([
      [
        '/commerce-content/downloads/abc?expires=1&signature=s',
        { credentials: 'same-origin', cache: 'no-store' },
      ],
    ]);
    expect(result.ok && result.fileName).toBe('sleep.pdf');
    expect(result.ok && new Uint8Array(await result.blob.arrayBuffer())).toEqual(pdf);
  });

  it("gives the server's reason, or a plain one", async () => {
    const usedUp = 'You have used all 10 downloads of this report. Contact support if you need more.';
    const json = (status: number, body: unknown) => async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    expect(await fetchReportFile('/d', 'x.pdf', json(403, { statusCode: 403, message: usedUp }))).toEqual({
      ok: false,
      status: 403,
      reason: usedUp,
    });
    expect(
      await fetchReportFile('/d', 'x.pdf', async () => new Response('<html>', { status: 502 })),
    ).toMatchObject({
      ok: false,
      status: 502,
      reason: 'The server could not send the file. Please try again in a moment.',
    });
    expect(
      await fetchReportFile('/d', 'x.pdf', async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toMatchObject({ ok: false, status: 0, reason: expect.stringMatching(/could not reach TeenVoice/) });
  });
});

describe('downloadOnce', () => {
  const file = { ok: true as const, blob: new Blob(['%PDF']), fileName: 'r.pdf' };
  const expired = {
    ok: false as const,
    status: LINK_EXPIRED,
    reason: 'This download link has expired. Open your purchase history for a new one.',
  };

  it('renews an expired address once and tries again', async () => {
    const asked: string[] = [];
    const result = await downloadOnce({
      url: '/old',
      unavailableReason: 'n/a',
      fetchFile: async (url) => {
        asked.push(url);
        return url === '/old' ? expired : file;
      },
      renew: async () => ({ url: '/new', reason: '' }),
    });
    expect(asked).toEqual(['/old', '/new']);
    expect(result).toBe(file);
  });

  it('does not loop when the renewed address fails too, and stops at other errors', async () => {
    let renewals = 0;
    const asked: string[] = [];
    const result = await downloadOnce({
      url: '/old',
      unavailableReason: 'n/a',
      fetchFile: async (url) => {
        asked.push(url);
        return expired;
      },
      renew: async () => {
        renewals += 1;
        return { url: '/new', reason: '' };
      },
    });
    expect({ renewals, asked, result }).toEqual({
      renewals: 1,
      asked: ['/old', '/new'],
      result: { ok: false, reason: expired.reason },
    });

    const usedUp = await downloadOnce({
      url: '/u',
      unavailableReason: 'n/a',
      fetchFile: async () => ({
        ok: false,
        status: 403,
        reason: 'You have used all 3 downloads of this report.',
      }),
      renew: async () => {
        throw new Error('not called');
      },
    });
    expect(usedUp).toEqual({ ok: false, reason: 'You have used all 3 downloads of this report.' });
  });

  it('says why when there is no address, before or after renewing', async () => {
    const fetchFile = async () => expired;
    expect(
      await downloadOnce({
        url: null,
        unavailableReason: 'Unlocks when the invoice is paid.',
        fetchFile,
        renew: async () => ({ url: '/x', reason: '' }),
      }),
    ).toEqual({ ok: false, reason: 'Unlocks when the invoice is paid.' });
    expect(
      await downloadOnce({
        url: '/old',
        unavailableReason: 'n/a',
        fetchFile,
        renew: async () => ({
          url: null,
          reason: 'No longer available: the order was refunded or canceled.',
        }),
      }),
    ).toEqual({ ok: false, reason: 'No longer available: the order was refunded or canceled.' });
  });
});
