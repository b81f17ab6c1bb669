import { describe, expect, it } from 'vitest';
import { classifyRisk } from './classifier';

describe('safeguarding classifier', () => {
  it.each([
    ['Sometimes I want to die', 'self_harm'],
    ["I've been cutting myself since summer", 'self_harm'],
    ['my stepdad hits me when he drinks', 'abuse'],
    ['I am not safe at home', 'abuse'],
    ['I want to bring a gun to school', 'danger_to_others'],
    ['I get bullied every day on the bus', 'bullying'],
    ['they keep picking on me online', 'bullying'],
  ])('flags "%s" as %s', (text, category) => {
    expect(classifyRisk(text).map((s) => s.category)).toContain(category);
  });

  it.each([
    ['I love the coding club, it is the best part of my week'],
    ['The bus is late and the food is bad'],
    ['I would die for more pizza days lol'],
  ])('leaves "%s" alone', (text) => {
    expect(classifyRisk(text)).toEqual([]);
  });
});
