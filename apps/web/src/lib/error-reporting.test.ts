import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleAppError, setAppErrorHook } from './error-reporting';

describe('handleAppError', () => {
  afterEach(() => setAppErrorHook(() => {}));

  it('sends crawler errors to the hook only', () => {
    const hook = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    setAppErrorHook(hook);
    const error = new Error('boom');
    handleAppError(error, 'route', 'Mozilla/5.0 (compatible; Googlebot/2.1)');
    expect(hook).toHaveBeenCalledWith(error, 'route');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('also logs the errors people hit', () => {
    const hook = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    setAppErrorHook(hook);
    handleAppError(new Error('boom'), 'route', 'Mozilla/5.0 (Windows NT 10.0) Chrome/126.0');
    expect(hook).toHaveBeenCalledOnce();
    expect(consoleError).toHaveBeenCalledOnce();
  });

  it('leaves uncaught errors to the browser console', () => {
    const hook = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    setAppErrorHook(hook);
    handleAppError(new Error('boom'), 'unhandledrejection', 'Mozilla/5.0 (Windows NT 10.0) Chrome/126.0');
    expect(hook).toHaveBeenCalledOnce();
    expect(consoleError).not.toHaveBeenCalled();
  });
});
