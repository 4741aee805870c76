import { describe, expect, it } from 'vitest';
import { publicNameOf } from './public-name';

describe('publicNameOf (issue 17: first name and initial only)', () => {
  it('keeps the first name and the initial of the last name', () => {
    expect(publicNameOf('Lucas Martin')).toBe('Lucas M.');
    expect(publicNameOf('  Sophie   lambert ')).toBe('Sophie L.');
  });

  it('a particle is part of the last name; a compound first name stays whole', () => {
    expect(publicNameOf('Jean-Pierre De Smet')).toBe('Jean-Pierre D.');
    expect(publicNameOf('Émilie Évrard')).toBe('Émilie É.');
  });

  it('a single word has no initial to add', () => {
    expect(publicNameOf('Noa')).toBe('Noa');
  });
});
