// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import type { ParsedLocation } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import {
  type MiddlewareContext,
  resolveMiddleware,
  routeMiddleware,
  runMiddleware,
  signInHref,
} from './route-middleware';

const context: MiddlewareContext = {
  location: { pathname: '/research/builder' } as ParsedLocation,
  params: {},
  preload: false,
  queryClient: new QueryClient(),
};

describe('route middleware', () => {
  it('knows the six names of the spec', () => {
    expect(Object.keys(routeMiddleware).sort()).toEqual([
      'admin',
      'auth',
      'selected-admin-organization',
      'selected-organization',
      'softregister',
      'survey',
    ]);
  });

  it('throws for an unknown name', () => {
    expect(() => resolveMiddleware(['auth', 'nope'])).toThrow(new Error('Unknown middleware "nope"'));
    expect(() => resolveMiddleware(['toString'])).toThrow('Unknown middleware "toString"');
  });

  it('runs middleware in the order the route names them and stops at the first throw', async () => {
    const calls: string[] = [];
    const registry = {
      first: () => {
        calls.push('first');
      },
      second: async () => {
        calls.push('second');
        throw new Error('redirected');
      },
      third: () => {
        calls.push('third');
      },
    };
    await expect(runMiddleware(['first', 'second', 'third'], context, registry)).rejects.toThrow(
      'redirected',
    );
    expect(calls).toEqual(['first', 'second']);
  });

  it('refuses an unknown name before running any middleware', async () => {
    const calls: string[] = [];
    const registry = { first: () => void calls.push('first') };
    await expect(runMiddleware(['first', 'missing'], context, registry)).rejects.toThrow(
      'Unknown middleware "missing"',
    );
    expect(calls).toEqual([]);
  });

  it('sends to sign-in with the whole path, query and hash of the screen asked for', () => {
    const summary = '/research/builder/survey/summary/0d9a7f3e-2b1c-4e5f-8a6b-7c8d9e0f1a2b?tab=open#review';
    const href = signInHref(summary);
    expect(href).toBe(`/login?redirect=${encodeURIComponent(summary)}`);
    expect(new URL(href, 'https://teenvoice.test').searchParams.get('redirect')).toBe(summary);
    expect(signInHref('/research/builder', true)).toBe('/login?redirect=%2Fresearch%2Fbuilder#sign-up');
  });
});
