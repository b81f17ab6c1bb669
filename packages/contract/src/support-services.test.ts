import { describe, expect, it } from 'vitest';
import { helpResourcesEs } from './responses';
import { helpCategoryOrder, incidentCategories, orderForHelp, supportServicesFor } from './results';

/** Words that only English copy has: none may appear in a Spanish service's text. */
const englishWords =
  /\b(the|you|your|if|and|or|free|call|text|help|someone|someone's|right now|trusted|safe|home|talk)\b/i;

describe('the order help is offered in', () => {
  it('puts danger to others first, then self-harm, then the rest in their usual order', () => {
    expect(helpCategoryOrder).toEqual([
      'danger_to_others',
      'self_harm',
      'abuse',
      'exploitation',
      'running_away',
      'eating_disorder',
      'substance_use',
      'bullying',
    ]);
    expect([...helpCategoryOrder].sort()).toEqual([...incidentCategories].sort());
    expect(orderForHelp(['bullying', 'self_harm', 'danger_to_others', 'bullying'])).toEqual([
      'danger_to_others',
      'self_harm',
      'bullying',
    ]);
  });

  it('a threat and bullying: the line for immediate danger (911) comes before StopBullying', () => {
    const names = supportServicesFor(['bullying', 'danger_to_others']).map((s) => s.name);
    expect(names[0]).toBe('Emergency services');
    expect(names.indexOf('Emergency services')).toBeLessThan(names.indexOf('StopBullying.gov'));
    expect(supportServicesFor(['bullying', 'danger_to_others'])[0]!.contact).toBe('Call 911');
  });

  it('a threat and self-harm: 911 first, then the 988 Lifeline, each once', () => {
    const names = supportServicesFor(['self_harm', 'danger_to_others']).map((s) => s.name);
    expect(names.slice(0, 3)).toEqual([
      'Emergency services',
      '988 Suicide & Crisis Lifeline',
      'Crisis Text Line',
    ]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('self-harm still comes before abuse and bullying', () => {
    const names = supportServicesFor(['bullying', 'abuse', 'self_harm']).map((s) => s.name);
    expect(names.slice(0, 3)).toEqual([
      '988 Suicide & Crisis Lifeline',
      'Crisis Text Line',
      'Childhelp National Child Abuse Hotline',
    ]);
    expect(names.at(-1)).toBe('Emergency services');
  });

  it('the Spanish list keeps the same order', () => {
    const names = supportServicesFor(['bullying', 'danger_to_others'], 'es', 'es').map((s) => s.name);
    expect(names[0]).toBe('Emergencias: 911');
    expect(names.indexOf('Emergencias: 911')).toBeLessThan(names.indexOf('StopBullying.gov en español'));
  });
});

describe('help on a Spanish screen', () => {
  it('is wholly Spanish: every service of every category, with Spanish descriptions', () => {
    for (const category of incidentCategories) {
      const services = supportServicesFor([category], 'es', 'es');
      expect(services.length, category).toBeGreaterThan(0);
      for (const service of services) {
        expect(service.language, `${category}: ${service.name}`).toBe('es');
        expect(service.description, `${category}: ${service.name}`).not.toMatch(englishWords);
      }
    }
    // Not the English 988 Lifeline beside the Spanish one.
    const names = supportServicesFor([...incidentCategories], 'es', 'es').map((s) => s.name);
    expect(names).not.toContain('988 Suicide & Crisis Lifeline');
    expect(names).not.toContain('Emergency services');
  });

  it('is Spanish whatever language the answer was written in', () => {
    const services = supportServicesFor(['self_harm', 'bullying'], 'en', 'es');
    expect(services.every((s) => s.language === 'es')).toBe(true);
    expect(services[0]!.name).toBe('988 Lifeline: Ayuda en español');
  });

  it('an English screen with a Spanish answer gets the Spanish lines first and the English 988 too', () => {
    const names = supportServicesFor(['self_harm'], 'es').map((s) => s.name);
    expect(names[0]).toBe('988 Lifeline: Ayuda en español');
    expect(names).toContain('988 Suicide & Crisis Lifeline');
  });

  it('the general Spanish list is Spanish too', () => {
    for (const service of helpResourcesEs) {
      expect(service.language).toBe('es');
      expect(service.description, service.name).not.toMatch(englishWords);
    }
  });
});
