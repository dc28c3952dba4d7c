import { z } from 'zod';
import { METRIC_MEDIA_TYPES, METRIC_TYPES, SHARE_TYPES } from '../constants';
import { endpoint } from '../endpoint';
import { metricRoutes } from '../routes';
import { dateTime, id } from './common';

const tag = 'Metrics';

const utm = z.string().max(200).optional();

/** One queued usage message (albums spec §9 "Metric fields"); fields a type does not use are absent. */
export const metricMessageSchema = z.object({
  // decision: every queued message carries the browser's own id (crypto.randomUUID): the listener
  // stores each id once, so a batch sent again after a lost answer is not counted twice.
  id: z.uuid({ version: 'v4' }),
  type: z.enum(METRIC_TYPES),
  user_id: id.nullable().optional(),
  event_id: id.optional(),
  media_id: id.optional(),
  zip_id: id.optional(),
  time_in_seconds: z.number().int().min(0).optional(),
  // decision: ISO 8601 time of the action in the browser (messages are sent later, in batches).
  timestamp: dateTime,
  album_id: id.optional(),
  banner_id: id.optional(),
  share_type: z.enum(SHARE_TYPES).optional(),
  sharing_user_id: id.optional(),
  short_key: z.string().max(64).optional(),
  short_long_url: z.string().max(2000).optional(),
  media_type: z.enum(METRIC_MEDIA_TYPES).optional(),
  platform: z.literal('s'),
  tags: z
    .object({
      network: utm,
      utm_source: utm,
      utm_medium: utm,
      utm_campaign: utm,
      utm_id: utm,
      utm_content: utm,
    })
    .optional(),
});
export type MetricMessage = z.infer<typeof metricMessageSchema>;

/** Most messages one POST carries; a longer queue is sent in several posts. */
export const METRIC_BATCH_MAX = 500;

// decision: the queue travels as { messages } and the answer counts what was stored.
export const metricBatchBodySchema = z.object({
  messages: z.array(metricMessageSchema).min(1).max(METRIC_BATCH_MAX),
  /**
   * The Authorization header's value, for `navigator.sendBeacon`, which cannot set headers; the
   * header wins when both are sent. The user of a message is the token's, never a body's user_id.
   */
  authorization: z.string().max(512).optional(),
});

export const metricEndpoints = {
  send: endpoint({
    ...metricRoutes.send,
    tag,
    access: 'public',
    summary:
      'Queued usage messages, sent to the separate metrics host (METRICS_PUBLIC_URL); `accepted` counts ' +
      'the messages stored now (an id already stored is not stored again)',
    body: metricBatchBodySchema,
    response: z.object({ accepted: z.number().int().min(0) }),
  }),
};
