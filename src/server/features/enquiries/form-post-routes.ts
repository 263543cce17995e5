import type {
  FastifyError,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { type EnquiryFormName, enquiryForms, thankYouAddress } from '../../../shared/enquiries/form-post';
import { honeypotField } from '../../../shared/enquiries/honeypot';
import { assessmentSchema, callbackSchema, contactSchema } from '../../../shared/enquiries/schemas';
import type { AppError } from '../../errors';
import { errorAnswer } from '../../http/error-handler';
import { noContent, notJson } from '../../responses';
import type { PageRenderer } from '../../rendering/pages';
import {
  type BookOnPage,
  answerBookingPost,
  bookingRefused,
  isBookingBody,
  isPickAnotherBody,
} from './booking-form-post';
import { acceptFormBodiesOnly, isCrossSitePost } from '../../http/form-body';
import { crossSiteRefused, firstMessages, keptValues } from './form-body';
import type { EnquirySenders } from './senders';
import type { Attribute } from '../analytics';

interface FormPostOptions {
  pages: PageRenderer;
  publicUrl: string;
  bodyLimit: number;
  /** The JSON API's limiter: one count per address for every way of sending a form. */
  limitPerAddress: preHandlerAsyncHookHandler;
  send: EnquirySenders;
  /** True (and logged) when the honeypot is filled: answered as sent, and dropped. */
  dropSpam: (request: FastifyRequest, form: string) => boolean;
  /** Records where a stored enquiry came from (the analytics feature). */
  attribute: Attribute;
  /** A booking posted on /free-assessment (decision 0072): the bookings feature's booking. */
  book: BookOnPage;
}

/** The same schemas the islands and the JSON API check with: one rule, one message. */
const schemas = { callback: callbackSchema, assessment: assessmentSchema, contact: contactSchema };

/** A person reads these: the thank-you address, or the form's page again (never JSON). */
const formPage = notJson("The form's page again (HTML), with the messages and the values kept");
const response = { 303: noContent, '4xx': formPage, '5xx': formPage };

/** The fields a form shows, whose values go back into it when it comes back. */
const fieldsOf = (form: EnquiryFormName) =>
  Object.keys(schemas[form].shape).filter((field) => field !== honeypotField && field !== 'emailTitle');

const formAt = new Map(
  (Object.keys(enquiryForms) as EnquiryFormName[]).map((form) => [enquiryForms[form].page, form] as const),
);

/**
 * The public forms as a browser posts them without script (decision 0062): each to its own page,
 * as `application/x-www-form-urlencoded`. Valid: stored and mailed exactly as the JSON API does,
 * then `303` to the page's thank-you state, whose address names no one. Not valid: `400` and the
 * page again, the messages at the fields and the values kept. Anything else (too many enquiries,
 * another site's post, the database away, a body no browser would send) is the page again with
 * the one message, at its own status. Never JSON here: a person reads these answers.
 */
export const formPostRoutes: FastifyPluginAsync<FormPostOptions> = async (app, options) => {
  const { pages, bodyLimit, limitPerAddress, send, dropSpam, attribute, book } = options;
  const publicOrigin = new URL(options.publicUrl).origin;

  // Form bodies only, in this plugin alone: the JSON API keeps its content type (which another
  // site's page cannot send without asking first), and JSON is no form's body here.
  acceptFormBodiesOnly(app, bodyLimit);

  // Before the body is read: another site's page may not send a parent's details here.
  app.addHook('onRequest', async (request) => {
    if (isCrossSitePost(request, publicOrigin)) {
      request.log.info({ form: formAt.get(request.routeOptions.url ?? '') }, 'form post from another site refused');
      throw crossSiteRefused();
    }
  });

  app.setErrorHandler(async (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, retryAfter } = errorAnswer(error, request);
    if (retryAfter) reply.header('retry-after', retryAfter);
    const form = formAt.get(request.routeOptions.url ?? '');
    if (form === 'assessment' && isBookingBody(request.body)) {
      return bookingRefused(request, reply, pages, status, request.body, body.error);
    }
    // Only what this site's own form sent goes back into it: never another site's values.
    const values = form && status !== 403 ? keptValues(request.body, fieldsOf(form)) : {};
    return pages.sendPostedForm(request, reply, status, { values, errors: {}, notice: body.error });
  });

  // Every post counts against the address's enquiries, except a nearest time chosen after a 409
  // on /free-assessment (decision 0072): it books, stores and sends nothing and costs what the
  // step's own address (`?day=…&time=…`, never limited) costs, so counting it would spend a
  // family's enquiries on choosing a time and could lock them out of the booking it leads to. The
  // booking it leads to is counted, as every booking is. Only there: on the other forms' pages a
  // `pickAnother` field is any other field, and the post is counted.
  const limitUnlessPickingAnother: preHandlerAsyncHookHandler = async function (request, reply) {
    if (isPickAnotherBody(request.body)) return;
    await limitPerAddress.call(this, request, reply);
  };

  const route = <Input>(
    form: EnquiryFormName,
    parse: (body: unknown) => { success: true; data: Input } | { success: false; error: { issues: Issue[] } },
    deliver: (input: Input) => Promise<number>,
  ) =>
    app.post(
      enquiryForms[form].page,
      // After the body is read (64 KB at most), unlike the JSON API's onRequest: a refused parent
      // gets the form back as typed, with the message, instead of an empty one.
      {
        bodyLimit,
        preHandler: form === 'assessment' ? limitUnlessPickingAnother : limitPerAddress,
        schema: { response },
      },
      async (request, reply) => {
        const body = request.body ?? {};
        // The booking on /free-assessment posts to the same page, with the time it picked (or,
        // after a 409, a nearest time with the details kept).
        if (form === 'assessment' && isBookingBody(body)) {
          return answerBookingPost(request, reply, body, { book, pages, attribute, dropSpam });
        }
        const result = parse(body);
        if (!result.success) {
          const posted = { values: keptValues(body, fieldsOf(form)), errors: firstMessages(result.error.issues) };
          return pages.sendPostedForm(request, reply, 400, posted);
        }
        if (!dropSpam(request, form)) await attribute(request, await deliver(result.data));
        return reply.redirect(thankYouAddress(form), 303);
      },
    );

  route('callback', (body) => schemas.callback.safeParse(body), send.callback);
  route('assessment', (body) => schemas.assessment.safeParse(body), send.assessment);
  route('contact', (body) => schemas.contact.safeParse(body), send.contact);
};

type Issue = { path: PropertyKey[]; message: string };
