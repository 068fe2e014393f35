import { describe, expect, it } from 'vitest';
import { priceSourceLabel } from '../price-source.ts';

const zh = (key: string) => ({ 'shell:priceSources.simulated': '模擬報價', 'shell:priceSources.http': '外部報價', 'shell:priceSources.manual': '手動價格' })[key] ?? key;

describe('priceSourceLabel', () => {
  it('names the sources the server has in the console\'s language', () => {
    expect(priceSourceLabel(zh, 'simulated')).toBe('模擬報價');
    expect(priceSourceLabel(zh, 'manual')).toBe('手動價格');
  });

  it('shows another source by its code', () => {
    expect(priceSourceLabel(zh, 'feedX')).toBe('feedX');
  });
});
