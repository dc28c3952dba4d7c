import { TUS_UPLOADS_PATH } from '@fotodrop/contract';
import { type RolesContext, type Row, tus } from './console-roles-context';
import { freshJpeg, may, replacing } from './console-roles-fixture';

/** Media and resumable uploads. */
export function mediaRows(c: RolesContext): Row[] {
  const { status, newPhoto, tusCreate, uploadFor, ev } = c;
  return [
    // media
    {
      method: 'POST',
      path: '/organiser/v1/events/{slug}/media/',
      expected: may('media.upload', 'event', 201),
      mutates: true,
      run: async (token) =>
        status({
          method: 'POST',
          url: `${ev()}media/`,
          token,
          form: { bytes: await freshJpeg(), name: 'p.jpg', fields: { gallery_id: String(c.galleryId) } },
        }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/media/',
      expected: may('media.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}media/`, token }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/events/{slug}/media/{id}/',
      expected: may('media.manage', 'event', 200),
      mutates: true,
      prepare: async () => String(await newPhoto()),
      run: (token, id) =>
        status({
          method: 'PATCH',
          url: `${ev()}media/${id}/`,
          token,
          json: { tags: [`team-${++c.n}`], bibs: [String(1000 + c.n)], hidden: true },
        }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/events/{slug}/media/{id}/',
      expected: may('media.manage', 'event', 200),
      mutates: true,
      prepare: async () => String(await newPhoto()),
      run: (token, id) => status({ method: 'DELETE', url: `${ev()}media/${id}/`, token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/events/{slug}/media/bulk/',
      expected: may('media.manage', 'event', 200),
      mutates: true,
      prepare: async () => String(await newPhoto()),
      run: (token, id) =>
        status({
          method: 'POST',
          url: `${ev()}media/bulk/`,
          token,
          json: { ids: [Number(id)], action: 'delete' },
        }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/face-index/',
      expected: may('media.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}face-index/`, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/metrics/',
      expected: may('metrics.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}metrics/`, token }),
    },
    // resumable uploads (tus): created by media.upload; continued only by their creator
    {
      method: 'POST',
      path: TUS_UPLOADS_PATH,
      expected: may('media.upload', 'event', 201),
      mutates: true,
      run: async (token) => (await tusCreate(token)).statusCode,
    },
    {
      method: 'HEAD',
      path: `${TUS_UPLOADS_PATH}{id}`,
      expected: replacing(may('media.upload', 'event', 200), 403, 404),
      mutates: false,
      prepare: uploadFor,
      run: (token, location) => status({ ...tus('HEAD'), url: location, token }),
    },
    {
      method: 'PATCH',
      path: `${TUS_UPLOADS_PATH}{id}`,
      expected: replacing(may('media.upload', 'event', 204), 403, 404),
      mutates: true,
      prepare: uploadFor,
      run: (token, location) =>
        status({
          ...tus('PATCH', { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
          url: location,
          token,
          bytes: Buffer.from('0123456789'),
        }),
    },
    {
      method: 'DELETE',
      path: `${TUS_UPLOADS_PATH}{id}`,
      expected: replacing(may('media.upload', 'event', 204), 403, 404),
      mutates: true,
      prepare: uploadFor,
      run: (token, location) => status({ ...tus('DELETE'), url: location, token }),
    },
  ];
}
