import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (name: string) => readFileSync(new URL(`../client/${name}`, import.meta.url), 'utf8');

// Vite builds each entry from its own HTML file; the public pages' must not drift from the app's
// (a theme colour, an icon, the viewport changed in one only).
describe('client/site.html', () => {
  it('is index.html with the public pages’ entry instead of the app’s', () => {
    expect(read('site.html')).toBe(read('index.html').replace('/src/main.tsx', '/src/site-main.tsx'));
  });
});
