import { describe, expect, it } from 'vitest';
import { leavesNoOwner, mayUse, type StaffAccount, type StaffRole } from './staff';

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

describe('leavesNoOwner', () => {
  const account = (id: number, roles: StaffRole[], disabledAt: string | null = null): StaffAccount => ({
    id,
    name: `Person ${id}`,
    email: `person${id}@example.test`,
    roles,
    signIn: { passkeys: 0, password: true, authenticatorApp: true },
    disabledAt,
    createdAt: '2026-11-01T09:00:00.000Z',
  });

  it('is true when the only enabled owner would lose the role, even with no roles left at all', () => {
    const only = account(1, ['owner']);
    const others = [only, account(2, ['editor']), account(3, ['owner'], '2026-11-02T09:00:00.000Z')];
    expect(leavesNoOwner(others, only, [])).toBe(true);
    expect(leavesNoOwner(others, only, ['editor'])).toBe(true);
  });

  it('is false when another enabled owner remains, or the owner role stays or was never held', () => {
    const first = account(1, ['owner']);
    const accounts = [first, account(2, ['owner', 'editor'])];
    expect(leavesNoOwner(accounts, first, [])).toBe(false);
    expect(leavesNoOwner([first], first, ['owner', 'editor'])).toBe(false);
    expect(leavesNoOwner([first, account(4, ['editor'])], account(4, ['editor']), [])).toBe(false);
  });
});
