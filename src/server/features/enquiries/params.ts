import { idParams } from '../../validation';

/** The 404's words for an id no enquiry has; "submission" is the API contract's word (decision 0023). */
export const noEnquiry = (raw: string | number) => `There is no submission ${raw}.`;

/** An enquiry's id in an admin path (`/api/contact-submissions/:id` and below it). */
export const enquiryIdParams = idParams(noEnquiry);
