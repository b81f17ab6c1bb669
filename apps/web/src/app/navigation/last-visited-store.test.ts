import { describe, expect, it } from 'vitest';
import { shouldRememberPath } from './last-visited-store';

describe('shouldRememberPath', () => {
  it('keeps the previous destination after a 404 or 401', () => {
    expect(shouldRememberPath(404)).toBe(false);
    expect(shouldRememberPath(401)).toBe(false);
  });

  it('remembers successful navigations and other errors', () => {
    expect(shouldRememberPath(undefined)).toBe(true);
    expect(shouldRememberPath(500)).toBe(true);
    expect(shouldRememberPath(403)).toBe(true);
  });
});
