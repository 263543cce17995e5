// The enquiries' public side, as the pages place it: the three forms, each an island, and the
// fields and form hook the booking's details form shares with them. The only way into this
// folder from outside it (decision 0067); the island registry alone loads each form's own file,
// so each is a chunk of its own.
export { AssessmentFormIsland, CallbackFormIsland, ContactFormIsland } from './islands';
export { Field, type FieldBinding, Honeypot, ParentDetailsFields } from './Field';
export { SubmitButton } from './SubmitButton';
export { honeypot } from './api';
export { useZodForm } from './use-zod-form';
