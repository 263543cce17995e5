import { UNKNOWN_ACTOR_NAME } from '../access-log/access-log';

/**
 * What staff are called in lists and the access log, and what a name may not be (issue 36): the
 * log's "Who" must not be made to show someone, or something, else.
 */

/** The access log's name for the admin key, which acts as an owner but is nobody. */
export const ADMIN_KEY_NAME = 'Admin key';
/** Who invited the first owner: the install itself, through the setup link. */
export const FIRST_START_NAME = 'First start';

/** Every name the site gives a non-person in the access log or as an inviter: no person or token may take one. */
export const reservedNames: readonly string[] = [ADMIN_KEY_NAME, FIRST_START_NAME, UNKNOWN_ACTOR_NAME];

/**
 * Characters a name may not hold: control characters (line breaks, tabs), formatting ones
 * (right-to-left overrides and isolates U+202A–U+202E and U+2066–U+2069, zero-width spaces and
 * joiners U+200B–U+200F, U+FEFF), lone surrogates, private-use characters, line and paragraph
 * separators, and the rest of what Unicode says to draw as nothing (Hangul fillers, variation
 * selectors): each can make a name read as another, or move the text around it.
 */
const hiddenCharacter = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

export const hasHiddenCharacter = (name: string): boolean => hiddenCharacter.test(name);

/** A name as written: runs of spaces (of any width) become one. */
export const collapseSpaces = (name: string): string => name.replace(/\s+/gu, ' ');

/**
 * The form two names are compared in: compatibility-normalised (NFKC: full-width letters and
 * ligatures become plain ones), spaces collapsed and trimmed, lower case. Two names with the same
 * key read the same to a person scanning the log.
 */
export const nameKey = (name: string): string => collapseSpaces(name.normalize('NFKC')).trim().toLowerCase();

const reservedKeys = new Set(reservedNames.map(nameKey));

export const isReservedName = (name: string): boolean => reservedKeys.has(nameKey(name));
