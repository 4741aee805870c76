import { describe, expect, it } from 'vitest';
import { byFit, planSizeOf, specNumber, vpsFit } from './vps-fit';

describe('the machine against the plan bought', () => {
  it('reads the catalogue’s specs as numbers', () => {
    expect(specNumber('2 Go')).toBe(2);
    expect(specNumber('40 Go SSD')).toBe(40);
    expect(specNumber('1,5 Go')).toBe(1.5);
    expect(specNumber('1 To NVMe')).toBe(1024);
    expect(specNumber(4)).toBe(4);
    expect(specNumber('Illimité')).toBeNull();
    expect(planSizeOf({ ram: '2 Go', cores: 1, storage: '40 Go SSD', traffic: 'Illimité' })).toEqual({ ram: 2, cores: 1, storage: 40 });
    expect(planSizeOf({ ram: '4 Go', cores: 2 })).toBeNull();
    expect(planSizeOf(null)).toBeNull();
  });

  it('a machine matches, is an upgrade, or is too small', () => {
    const starter = { ram: 2, cores: 1, storage: 40 };
    expect(vpsFit(starter, { ram: 2, cores: 1, storage: 40 })).toBe('match');
    expect(vpsFit(starter, { ram: 4, cores: 2, storage: 80 })).toBe('larger');
    expect(vpsFit(starter, { ram: 4, cores: 2, storage: 20 })).toBe('smaller');
    expect(vpsFit(null, { ram: 1, cores: 1, storage: 10 })).toBe('match');
  });

  it('offers matches first, then upgrades from the smallest, then machines too small', () => {
    const m = (id: number, fit: 'match' | 'larger' | 'smaller', ram: number) => ({ id, fit, ram, cores: 1, storage: 40 });
    expect(byFit([m(1, 'smaller', 1), m(2, 'larger', 8), m(3, 'larger', 4), m(4, 'match', 2)]).map((v) => v.id)).toEqual([4, 3, 2, 1]);
  });
});
