import { describe, expect, it } from 'vitest';
import { brandWords } from './settings';

const name = 'Northstar Tutors';

describe('brandWords', () => {
  it('splits the first word from the rest', () => {
    expect(brandWords('Northstar Tutors', name)).toEqual(['Northstar', 'Tutors']);
    expect(brandWords('  Bright   Minds Academy ', name)).toEqual(['Bright', 'Minds Academy']);
    expect(brandWords('Solo', name)).toEqual(['Solo', '']);
  });

  it('falls back to the business name in upper case when there is no text', () => {
    expect(brandWords('', name)).toEqual(['NORTHSTAR', 'TUTORS']);
    expect(brandWords(undefined, name)).toEqual(['NORTHSTAR', 'TUTORS']);
    expect(brandWords('  ', 'Redcar Readers Club')).toEqual(['REDCAR', 'READERS CLUB']);
  });
});
