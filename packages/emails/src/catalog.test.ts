import { describe, expect, it } from 'vitest';
import { templatePreviews } from './catalog';

describe('template catalogue', () => {
  it('renders every template with its sample data, as HTML and plain text', async () => {
    expect(templatePreviews.length).toBeGreaterThan(0);
    for (const template of templatePreviews) {
      const email = await template.render();
      expect(email.subject, template.name).toBe(template.subject);
      expect(email.html, template.name).toContain('TeenVoice');
      expect(email.text.length, template.name).toBeGreaterThan(50);
    }
  });

  it('names templates uniquely, as paths', () => {
    const names = templatePreviews.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/);
  });
});
