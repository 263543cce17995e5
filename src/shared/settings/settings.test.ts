import { describe, expect, it } from 'vitest';
import { brandWords } from './settings';

describe('brandWords', () => {
  it('splits the first word from the rest', () => {
    expect(brandWords('Northstar Tutors')).toEqual(['Northstar', 'Tutors']);
    expect(brandWords('  Bright   Minds Academy ')).toEqual(['Bright', 'Minds Academy']);
    expect(brandWords('Solo')).toEqual(['Solo', '']);
  });

  it('falls back to the two upper-case words when there is no text', () => {
    expect(brandWords('')).toEqual(['NORTHSTAR', 'TUTORS']);
    expect(brandWords(undefined)).toEqual(['NORTHSTAR', 'TUTORS']);
  });
});
