import { describe, expect, it } from 'vitest';
import { defaultCategoryName } from './default-category';

describe('defaultCategoryName (a new product without a category)', () => {
  it.each([
    ['Windows Server 2022', 'Classique Windows'],
    ['win2019', 'Classique Windows'],
    ['Debian 12', 'Classique Linux'],
    ['Ubuntu 24.04', 'Classique Linux'],
    ['CentOS Stream 9', 'Classique Linux'],
    ['Arch Linux', 'Classique Linux'],
    ['FreeBSD 14', 'Autre'],
    ['', 'Autre'],
  ])('%j -> %s', (os, category) => {
    expect(defaultCategoryName(os)).toBe(category);
  });
});
