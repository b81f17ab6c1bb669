// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeSignUpRedirect } from '../utils/sign-up-redirect';
import { SignUpForm } from './sign-up-form';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => {
  // Mantine reads the colour scheme from media queries, which jsdom does not implement.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  // The router restores the scroll position, which jsdom does not implement either.
  window.scrollTo = () => {};
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const terms = {
  data: [{ id: 1, attributes: { versionTimestamp: '2026-09-01T00:00:00.000Z', content: '# Terms' } }],
};

/** The server: the terms from the content service, and `register` for POST /v2/register. */
function serve(register: () => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    String(input).includes('/v2/register') ? register() : json(200, terms),
  );
  vi.stubGlobal('fetch', fetchMock);
  return {
    registrations: () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/v2/register')),
  };
}

let root: Root | null = null;
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  expect(check()).toBe(true);
}

/** The form as /register?redirect=/cart shows it, once the terms have loaded. */
async function showForm() {
  const container = document.createElement('div');
  document.body.append(container);
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <SignUpForm redirect="/cart" /> }),
    history: createMemoryHistory({ initialEntries: ['/register?redirect=%2Fcart'] }),
  });
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    await router.load();
  });
  const submit = () => container.querySelector<HTMLButtonElement>('button[type="submit"]');
  await until(() => submit() !== null && !submit()!.disabled);
  return container;
}

const inputLabelled = (container: HTMLElement, label: string) => {
  const element = [...container.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label));
  return container.ownerDocument.getElementById(element!.htmlFor) as HTMLInputElement;
};

function type(input: HTMLInputElement, value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function fillIn(container: HTMLElement, email: string) {
  type(inputLabelled(container, 'Organization name'), 'Lakeside Youth Forum');
  type(inputLabelled(container, 'First name'), 'Robin');
  type(inputLabelled(container, 'Last name'), 'Okoye');
  type(inputLabelled(container, 'Work email'), email);
  type(inputLabelled(container, 'Password'), 'a-long-password');
  type(inputLabelled(container, 'Confirm password'), 'a-long-password');
  act(() => inputLabelled(container, 'I accept the').click());
}

const send = (container: HTMLElement) =>
  act(() => container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());

describe('the sign-up form (decision 037)', () => {
  it('asks the person to check their email, naming the address, and keeps ?redirect= for the link', async () => {
    const server = serve(() => json(200, { data: { ok: true } }));
    const container = await showForm();
    fillIn(container, 'robin@example.org');
    await send(container);

    await until(() => container.querySelector('[role="status"]') !== null);
    const status = container.querySelector('[role="status"]')!.textContent;
    expect(status).toContain('Check your email');
    expect(status).toContain('We sent a message to robin@example.org.');
    expect(status).toContain('If this address already has a TeenVoice account');
    expect(container.querySelector('form')).toBeNull();
    expect(server.registrations()).toHaveLength(1);
    expect(takeSignUpRedirect()).toBe('/cart');
  });

  it("keeps the specification's words for what is wrong with the fields, and sends nothing", async () => {
    const server = serve(() => json(200, { data: { ok: true } }));
    const container = await showForm();
    await send(container);
    await until(() => container.textContent!.includes('First Name should be at least 1 character long'));
    expect(container.textContent).toContain('Last Name should be at least 1 character long');
    expect(container.textContent).toContain('Email is not valid');
    expect(server.registrations()).toHaveLength(0);
  });

  it("shows the server's reason when it refuses, a rate limit among them, and never 'check your email'", async () => {
    serve(() =>
      json(429, {
        statusCode: 429,
        error: 'Too Many Requests',
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Please wait 42 seconds and try again.',
      }),
    );
    const container = await showForm();
    fillIn(container, 'robin@example.org');
    await send(container);
    await until(() =>
      container.textContent!.includes('Too many attempts. Please wait 42 seconds and try again.'),
    );
    expect(container.querySelector('[role="status"]')).toBeNull();
    expect(container.querySelector('form')).not.toBeNull();
  });

  it('falls back to plain words when the server fails without a reason', async () => {
    serve(() => new Response('upstream gone', { status: 502 }));
    const container = await showForm();
    fillIn(container, 'robin@example.org');
    await send(container);
    await until(() => container.textContent!.includes('We could not create your account. Please try again.'));
    expect(container.querySelector('[role="status"]')).toBeNull();
  });
});
