import { z } from 'zod';
import { endpoint } from '../endpoint';
import { detailResponseSchema } from './accounts';
import { date, id, idParam, resultsOf } from './common';

const tag = 'Support';

// decision: events a request can be about: those of the signed-in user's albums (empty for visitors).
export const supportEventSchema = z.object({ id, name: z.string(), start_date: date });

export const faqSchema = z.object({ id, question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;
export const faqGroupSchema = z.object({ id, title: z.string(), faqs: z.array(faqSchema) });
export type FaqGroup = z.infer<typeof faqGroupSchema>;

export const faqsQuerySchema = z.object({ event_id: idParam.optional() });

// decision: what a request is about, so support can sort it before reading it.
export const SUPPORT_CATEGORIES = [
  'finding_photos',
  'missing_photos',
  'payment',
  'download',
  'prints',
  'privacy',
  'account',
  'other',
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

// decision: the request form asks for name, e-mail, optional event and album code, a subject and a message.
export const supportRequestBodySchema = z.object({
  name: z.string().trim().min(1, { message: 'field.required' }).max(150),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'email.invalid' }).max(254)),
  event_id: z.number().int().min(1).nullable().default(null),
  picacode: z.string().trim().max(16).optional(),
  subject: z.string().trim().min(1, { message: 'field.required' }).max(200),
  message: z.string().trim().min(1, { message: 'field.required' }).max(5000),
});
export type SupportRequestBody = z.input<typeof supportRequestBodySchema>;

export const supportEndpoints = {
  events: endpoint({
    method: 'GET',
    path: '/support/v1/request/events/',
    tag,
    access: 'public',
    summary: 'Events a support request can be about',
    response: resultsOf(supportEventSchema),
  }),
  faqs: endpoint({
    method: 'GET',
    path: '/support/v1/request/faqs/',
    tag,
    access: 'public',
    summary: 'FAQ groups, general or for one event, in the request language',
    query: faqsQuerySchema,
    response: resultsOf(faqGroupSchema),
  }),
  send: endpoint({
    method: 'POST',
    path: '/support/v1/request/send/',
    tag,
    access: 'public',
    status: 201,
    summary: 'Send a request to customer support',
    body: supportRequestBodySchema,
    response: detailResponseSchema,
  }),
};
