import { expect, it } from 'vitest';
import { checkCleanText } from './input-rules';

it('walks a very deep body without naming every level on the way (the name is built only for the failure)', () => {
  // 300,000 levels: building "a.0.0.…" for every level on the way down would hold about 9e10
  // characters and exhaust memory; naming only the failing value is linear in the depth.
  const depth = 300_000;
  let clean: unknown = 'fine';
  let dirty: unknown = 'bad\u0000';
  for (let level = 0; level < depth; level += 1) {
    clean = [clean];
    dirty = [dirty];
  }
  expect(() => checkCleanText({ a: clean }, '')).not.toThrow();
  let field = '';
  try {
    checkCleanText({ a: dirty }, '');
  } catch (error) {
    field = (error as { field?: string }).field ?? '';
  }
  expect(field).toBe(`a${'.0'.repeat(depth)}`);
});
