/**
 * What an e-mail address is, once for every form and for the log's redaction (issue 36): the
 * rule zod's `z.email()` applies (letters, digits and `_ ' + -` in the name, dots between them;
 * a domain of labels and a top-level name of letters), written here so the redaction can be sure
 * to recognise every address a form accepts. An apostrophe (`o'brien.family@…`) is part of one.
 */
const nameCharacter = "[\\w'+-]";
const domainLabel = '[a-z\\d][a-z\\d-]*';

/** The whole of a value must match this to be accepted as an address. */
export const emailAddressPattern = new RegExp(
  `^(?:${nameCharacter}+\\.)*${nameCharacter}*[\\w+-]@(?:${domainLabel}\\.)+[a-z]{2,}$`,
  'i',
);

/** Every character an accepted address may hold, `@` and `.` included: a run of them may be one. */
export const emailAddressCharacters = /[\w'+.@-]+/g;
