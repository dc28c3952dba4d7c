/**
 * Signed links kept for as long as they are the same. A link's signature depends only on its path
 * and its expiry, and links of one UTC day share an expiry (`linkExpiry`), so signing a path a
 * second time that day gives the very same text: keeping it changes no link and no check, and
 * saves an HMAC per file per medium on every page of an album (a fifth of the server's time under
 * load, profiled). A new expiry drops every kept link; beyond `limit` paths the oldest go first.
 */
export function memoisedSigner(
  sign: (path: string, expiresAt: Date) => string,
  limit = 60_000,
): (path: string, expiresAt: Date) => string {
  let keptExpiry = Number.NaN;
  const links = new Map<string, string>();
  return (path, expiresAt) => {
    const expiry = expiresAt.getTime();
    if (expiry !== keptExpiry) {
      links.clear();
      keptExpiry = expiry;
    }
    let link = links.get(path);
    if (link === undefined) {
      link = sign(path, expiresAt);
      if (links.size >= limit) links.delete(links.keys().next().value as string);
      links.set(path, link);
    }
    return link;
  };
}
