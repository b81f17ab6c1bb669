// @vitest-environment jsdom
import type { Profile } from '@tv/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAlertsStore } from '../stores/alerts-store';
import { useCartStore } from '../stores/cart-store';
import { useUserStore } from '../stores/user-store';
import { backend } from './backend-client';
import {
  chooseOrganization,
  followSignOutInOtherTab,
  isSignOutInOtherTab,
  LOGOUT_EVENT_KEY,
  setSessionHooks,
  signOut,
} from './session';

const org = (id: string, name: string) => ({
  id,
  name,
  roleName: 'Researcher',
  permissions: ['surveys~view'],
});
const a = org('0b6f4a52-6d1e-4c36-9d55-1f7d4f1c0a01', 'Northside');
const b = org('0b6f4a52-6d1e-4c36-9d55-1f7d4f1c0a02', 'BrightPath');
const member: Profile = {
  id: '9b2f6a0e-3c1d-4f7a-8e2b-5d6c7a8b9c0d',
  firstName: 'Jordan',
  lastName: 'Lee',
  email: 'jordan@example.org',
  platform: { roleName: null, permissions: [] },
  organizations: [a, b],
};
const staff: Profile = {
  ...member,
  platform: { roleName: 'Platform Admin', permissions: ['orgs~view'] },
  organizations: [],
};

describe('organisation selection (spec §4)', () => {
  it('defaults a member to their first organisation', () => {
    expect(chooseOrganization(member, null, null)).toEqual(a);
  });
  it("uses the URL's or the persisted organisation when it is theirs", () => {
    expect(chooseOrganization(member, b.id, null)).toEqual(b);
    expect(chooseOrganization(member, null, b)).toEqual(b);
    expect(chooseOrganization(member, 'not-a-uuid', b)).toEqual(b);
    expect(chooseOrganization(member, '11111111-1111-4111-8111-111111111111', null)).toEqual(a);
  });
  it('gives platform users none by default, and the Admin organisation when one is asked for', () => {
    expect(chooseOrganization(staff, null, null)).toBeNull();
    expect(chooseOrganization(staff, a.id, null)).toEqual({
      id: a.id,
      name: 'Admin',
      roleName: null,
      permissions: [],
    });
  });
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('session recovery, sign-out and other tabs (spec §4)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const navigate = vi.fn<(href: string) => void>();
  const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`);

  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
    setSessionHooks({ navigate, clearServerCache: () => {} });
    useUserStore.getState().setProfile(member);
    window.history.pushState({}, '', '/user/profile?tab=details#top');
  });
  afterEach(() => {
    fetchMock.mockReset();
    navigate.mockReset();
    vi.unstubAllGlobals();
  });

  it('answers a 401 with one refresh, a profile reload and one retry', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { statusCode: 401, message: 'Expired' }))
      .mockResolvedValueOnce(json(200, { data: { ok: true } }))
      .mockResolvedValueOnce(json(200, { data: { ...member, firstName: 'Jo' } }))
      .mockResolvedValueOnce(json(200, { data: 'saved' }));

    await expect(backend.put('/v2/profile', {})).resolves.toEqual({ data: 'saved' });
    expect(calls()).toEqual([
      'PUT /v2/profile',
      'POST /refresh-access-token',
      'GET /v2/profile',
      'PUT /v2/profile',
    ]);
    expect(useUserStore.getState().user?.firstName).toBe('Jo');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not retry a second time: the user is cleared and sent to sign in with the full path', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, {}))
      .mockResolvedValueOnce(json(200, { data: { ok: true } }))
      .mockResolvedValueOnce(json(200, { data: member }))
      .mockResolvedValueOnce(json(401, {}));

    await expect(backend.get('/v2/organization/members')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(useUserStore.getState().user).toBeNull();
    expect(navigate).toHaveBeenCalledWith(
      `/login?redirect=${encodeURIComponent('/user/profile?tab=details#top')}`,
    );
  });

  it('shares one refresh between calls that fail together, and gives up when it fails', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/refresh-access-token' ? json(401, {}) : json(401, {}),
    );
    await Promise.all([backend.get('/v2/a').catch(() => null), backend.get('/v2/b').catch(() => null)]);
    expect(calls().filter((call) => call === 'POST /refresh-access-token')).toHaveLength(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('signs out: ends the session, resets the stores, clears local storage and tells the other tabs', async () => {
    localStorage.setItem('colour-mode', 'dark');
    localStorage.setItem('tv_tips', '{"state":{}}');
    useAlertsStore.getState().showAlert('success');
    useUserStore.getState().setProfile(member);
    useUserStore.getState().selectOrganization(a);
    useCartStore.setState({ cartId: 7, itemsCount: 2, pendingSku: 'report-1' });
    expect(localStorage.getItem('tv_user')).toContain('jordan@example.org');
    expect(localStorage.getItem('tv_cart')).toContain('report-1');
    fetchMock.mockResolvedValueOnce(json(200, { data: { ok: true } }));

    await signOut({ idle: true });

    expect(calls()).toEqual(['DELETE /logout']);
    expect(useAlertsStore.getState().alerts).toEqual([]);
    expect(useCartStore.getState()).toMatchObject({ cartId: null, itemsCount: 0, pendingSku: null });
    // The persisted stores must not write themselves back while they reset.
    expect(localStorage.getItem('tv_user')).toBeNull();
    expect(localStorage.getItem('tv_cart')).toBeNull();
    expect(localStorage.getItem('tv_tips')).toBeNull();
    expect(localStorage.getItem('colour-mode')).toBe('dark');
    expect(localStorage.getItem(LOGOUT_EVENT_KEY)).toMatch(/^\d+:idle$/);
    expect(useUserStore.getState()).toMatchObject({
      status: 'anonymous',
      user: null,
      selectedOrganization: null,
      idleUserLogout: true,
    });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it("follows another tab's sign-out and removes the key", () => {
    useUserStore.getState().setProfile(member);
    useCartStore.setState({ cartId: 7, itemsCount: 2, pendingSku: 'report-1' });
    localStorage.setItem(LOGOUT_EVENT_KEY, '123');
    expect(isSignOutInOtherTab({ key: LOGOUT_EVENT_KEY, newValue: '123' })).toBe(true);
    expect(isSignOutInOtherTab({ key: LOGOUT_EVENT_KEY, newValue: null })).toBe(false);
    followSignOutInOtherTab('123');
    expect(useUserStore.getState()).toMatchObject({ status: 'anonymous', user: null, idleUserLogout: false });
    expect(localStorage.getItem(LOGOUT_EVENT_KEY)).toBeNull();
    expect(localStorage.getItem('tv_user')).toBeNull();
    expect(localStorage.getItem('tv_cart')).toBeNull();
  });

  it('tells the other tabs that the sign-out was for idleness', () => {
    followSignOutInOtherTab('123:idle');
    expect(useUserStore.getState().idleUserLogout).toBe(true);
  });
});

describe('pending product after signing in (spec §4)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    // A commerce token is only asked for on behalf of a signed-in person.
    useUserStore.getState().setProfile(member);
    useCartStore.setState({ pendingSku: 'report-teens-and-money', cartId: null, itemsCount: 0 });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('stays pending while the storefront cannot take it, with the action named in the error', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { message: 'Not Found' }));
    await expect(useCartStore.getState().addPendingSkuToCart()).rejects.toThrow(
      '[cart store, addPendingSkuToCart]',
    );
    expect(useCartStore.getState().pendingSku).toBe('report-teens-and-money');
  });

  it('creates the cart, adds the SKU once and clears it', async () => {
    const emptyCart = { items: [], items_count: 0 };
    const fullCart = {
      items: [
        {
          item_id: 1,
          name: 'Teens and money',
          product_type: 'downloadable',
          sku: 'report-teens-and-money',
          price: 49,
        },
      ],
      items_count: 1,
    };
    fetchMock
      .mockResolvedValueOnce(json(200, { data: { token: 'commerce-token' } }))
      .mockResolvedValueOnce(json(200, 42))
      .mockResolvedValueOnce(json(200, emptyCart))
      .mockResolvedValueOnce(json(200, fullCart.items[0]))
      .mockResolvedValueOnce(json(200, fullCart));

    await useCartStore.getState().addPendingSkuToCart();

    const [url, init] = fetchMock.mock.calls[3]!;
    expect(String(url)).toBe('/commerce-content/rest/V1/carts/mine/items');
    expect(JSON.parse(String(init!.body))).toEqual({
      cartItem: { quote_id: 42, qty: 1, sku: 'report-teens-and-money' },
    });
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer commerce-token');
    expect(useCartStore.getState()).toMatchObject({ pendingSku: null, cartId: 42, itemsCount: 1 });
  });
});
