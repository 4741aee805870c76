import { describe, expect, it } from 'vitest';
import { findLocaleProblems, placeholdersOf, readLocales } from '../../tools/locale-parity';

describe('locale files', () => {
  it('nl, en and pl have exactly the keys of fr, no empty text, and the same placeholders', () => {
    expect(findLocaleProblems(readLocales())).toEqual([]);
  });
});

describe('findLocaleProblems', () => {
  const fr = { a: { b: 'Bonjour {{name}}', c: 'Total : {{amount}} ({{count}})' } };
  const good = { a: { b: 'Hello {{name}}', c: '({{count}}) total {{amount}}' } };

  it('accepts translations that agree with fr, placeholders in any order', () => {
    expect(findLocaleProblems({ fr, nl: good, en: good, pl: good })).toEqual([]);
  });

  it('names the missing, extra, empty and non-text keys and the placeholders that differ', () => {
    const en = { a: { b: 'Hello {{nom}}', d: 'extra' } };
    const pl = { a: { b: ' ', c: 7 } };
    expect(findLocaleProblems({ fr, nl: good, en, pl })).toEqual([
      'en: a.d is not in fr',
      'en: a.b has placeholders [nom], fr has [name]',
      'en: a.c is missing',
      'pl: a.b is empty',
      'pl: a.c is not a text (7)',
    ]);
  });

  it('reports a language that is missing altogether', () => {
    expect(findLocaleProblems({ fr, nl: good, en: good })).toEqual(['pl: a.b is missing', 'pl: a.c is missing']);
  });

  it('reads placeholders with spaces and formats as their name', () => {
    expect(placeholdersOf('{{ amount }} le {{date, datetime}} ({{amount}})')).toEqual(['amount', 'date']);
  });
});
