import { z } from 'zod';
import { endpoint } from '../endpoint';
import { detailResponseSchema } from './accounts';
import { date, id, idParam, resultsOf } from './common';

const tag = 'Support';

// decision: events a request can be about: those of the signed-in user's albums (empty for visitors).
export const supportEventSchema = z.object({ id, name: z.string(), start_date: date });

// decision: support is open on working days (SUPPORT_WEEKDAYS, not the organisation's holidays) in
// the organisation's time zone; answer_by is the working day an answer can be expected by (the
// next working day). `email` is the address of the mailto link.
export const supportStatusSchema = z.object({
  email: z.string(),
  open: z.boolean(),
  closed_reason: z.enum(['weekend', 'holiday']).nullable(),
  answer_by: date,
  time_zone: z.string(),
});
export type SupportStatus = z.infer<typeof supportStatusSchema>;
export const supportEventsResponseSchema = resultsOf(supportEventSchema).extend({
  support: supportStatusSchema,
});
export type SupportEventsResponse = z.infer<typeof supportEventsResponseSchema>;

export const faqSchema = z.object({ id, question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;
// decision: `key` is the group's stable name, the anchor of its hash link (/help#<key>).
export const faqGroupSchema = z.object({
  id,
  key: z.string(),
  title: z.string(),
  faqs: z.array(faqSchema),
});
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

/** Largest screenshot accepted with a support request. */
export const SUPPORT_SCREENSHOT_MAX_BYTES = 10 * 1024 * 1024;
export const SUPPORT_SCREENSHOT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// decision: the request form asks for name, e-mail, optional event and album code, a category, a
// subject, a message and an optional screenshot. JSON without a screenshot, or multipart/form-data
// (the web's form) with the screenshot as a file field; its content is checked on the server.
export const supportRequestBodySchema = z.object({
  name: z.string().trim().min(1, { message: 'field.required' }).max(150),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'email.invalid' }).max(254)),
  // multipart sends it as text: coerced, so "12" and 12 are the same event
  event_id: idParam.nullable().default(null),
  picacode: z.string().trim().toUpperCase().max(16).optional(),
  category: z.enum(SUPPORT_CATEGORIES, { message: 'support.category_required' }),
  subject: z.string().trim().min(1, { message: 'field.required' }).max(200),
  message: z.string().trim().min(1, { message: 'field.required' }).max(5000),
  screenshot: z
    .file()
    .mime([...SUPPORT_SCREENSHOT_TYPES], { message: 'support.screenshot_not_image' })
    .max(SUPPORT_SCREENSHOT_MAX_BYTES, { message: 'support.screenshot_too_large' })
    .optional(),
});
export type SupportRequestBody = z.input<typeof supportRequestBodySchema>;

// decision: the answer confirms the request with its number and when support will answer.
export const supportSendResponseSchema = detailResponseSchema.extend({
  id,
  open: z.boolean(),
  answer_by: date,
});
export type SupportSendResponse = z.infer<typeof supportSendResponseSchema>;

export const supportEndpoints = {
  events: endpoint({
    method: 'GET',
    path: '/support/v1/request/events/',
    tag,
    access: 'public',
    summary:
      "Events a support request can be about (the caller's albums' events) and whether support is open",
    response: supportEventsResponseSchema,
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
    multipart: true,
    summary: 'Send a request to customer support (JSON, or multipart with a screenshot)',
    body: supportRequestBodySchema,
    response: supportSendResponseSchema,
  }),
};
