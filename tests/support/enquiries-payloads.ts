/** A contact-form enquiry as the public form sends it, for tests that need a valid one. */
export const contact = {
  firstName: 'Tom',
  lastName: 'Reed',
  email: 'tom@example.com',
  mobile: '07700 900123',
  message: 'Do you have Saturday places for Year 6?',
};
