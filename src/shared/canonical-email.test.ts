import { describe, expect, it } from 'vitest';
import { canonicalEmail } from './canonical-email';

describe('canonicalEmail', () => {
  it('reads case, +tags, Gmail dots and googlemail.com as one mailbox', () => {
    for (const variant of ['victim@gmail.com', 'Victim@GMAIL.com', 'victim+1@gmail.com', 'v.i.c.tim@googlemail.com']) {
      expect(canonicalEmail(variant)).toBe('victim@gmail.com');
    }
  });

  it('keeps dots elsewhere, where they can tell two people apart', () => {
    expect(canonicalEmail('Jo.Smith+school@Example.org')).toBe('jo.smith@example.org');
    expect(canonicalEmail('josmith@example.org')).not.toBe(canonicalEmail('jo.smith@example.org'));
  });

  it('leaves a name that is only a +tag as it is', () => {
    expect(canonicalEmail('+tag@example.org')).toBe('+tag@example.org');
  });
});
