import { describe, expect, it } from 'vitest';
import { islandLoaders } from './registry';

describe('the island registry', () => {
  it('loads, for every name a marker may carry, the component of that name', async () => {
    const names = Object.keys(islandLoaders) as (keyof typeof islandLoaders)[];
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const component = await islandLoaders[name]();
      expect(component.name, name).toBe(name);
    }
  });
});
