import { describe, expect, it } from 'vitest';
import { mayUse } from './staff';

describe('mayUse', () => {
  it('lets an owner use everything, and each other role only its own part', () => {
    expect(mayUse(['owner'], 'enquiries')).toBe(true);
    expect(mayUse(['owner'], 'editor')).toBe(true);
    expect(mayUse(['enquiries'], 'enquiries')).toBe(true);
    expect(mayUse(['enquiries'], 'editor')).toBe(false);
    expect(mayUse(['enquiries'], 'owner')).toBe(false);
    expect(mayUse(['editor'], 'enquiries')).toBe(false);
    expect(mayUse(['editor', 'enquiries'], 'enquiries')).toBe(true);
  });

  it('lets anyone with a role use what any member of staff may, and nobody without one', () => {
    expect(mayUse(['editor'], 'staff')).toBe(true);
    expect(mayUse([], 'staff')).toBe(false);
    expect(mayUse([], 'enquiries')).toBe(false);
  });
});
