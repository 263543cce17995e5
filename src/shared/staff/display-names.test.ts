import { describe, expect, it } from 'vitest';
import { isReservedName, nameKey } from './display-names';
import { nameField } from './schemas';

const refusal = (name: string) => {
  const result = nameField.safeParse(name);
  return result.success ? undefined : result.error.issues[0]!.message;
};

describe('display names', () => {
  it('refuse control, bidirectional and invisible characters wherever they are', () => {
    for (const hidden of [
      '\n',
      '\r',
      '\t',
      '\u0000',
      '\u0085',
      '\u2028',
      '\u2029',
      '\u200B',
      '\u200C',
      '\u200D',
      '\u200E',
      '\u200F',
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\uFEFF',
      '\u00AD',
      '\u3164',
      '\uFE0F',
      '\uE000',
      '\uD800',
    ]) {
      for (const name of [`Olivia${hidden}Owner`, `${hidden}Olivia Owner`, `Olivia Owner${hidden}`]) {
        expect(refusal(name), JSON.stringify(name)).toMatch(/^Name must be plain text on one line/);
      }
    }
  });

  it('refuse the names the access log gives the admin key, the first start and strangers, however written', () => {
    for (const name of [
      'Admin key',
      'admin KEY',
      '  ADMIN   key ',
      'Ａｄｍｉｎ ｋｅｙ',
      'Admin\u00A0key',
      'first start',
      'Unknown',
    ]) {
      expect(isReservedName(name), name).toBe(true);
      expect(refusal(name), name).toMatch(/^Choose another name: “Admin key”, “First start”, “unknown”/);
    }
    expect(isReservedName('Admin keys')).toBe(false);
  });

  it('keep ordinary names, accents and scripts, with runs of spaces made one', () => {
    expect(nameField.parse('  Siobhán   Ó Ceallaigh ')).toBe('Siobhán Ó Ceallaigh');
    expect(nameField.parse('Zoë Ng')).toBe('Zoë Ng');
    expect(nameField.parse('محمد علي')).toBe('محمد علي');
    expect(nameField.parse('李小龍')).toBe('李小龍');
    expect(refusal('   ')).toBe('Name is required.');
  });

  it('compare names as a reader sees them: case, width, ligatures and spaces aside', () => {
    expect(nameKey('Olivia Owner')).toBe(nameKey('olivia   OWNER'));
    expect(nameKey('Olivia Owner')).toBe(nameKey('Ｏｌｉｖｉａ Ｏｗｎｅｒ'));
    expect(nameKey('Fiona')).toBe(nameKey('ﬁona'));
    expect(nameKey('Olivia Owner')).not.toBe(nameKey('Olivia Owen'));
  });
});
