import type { Storage } from '../../adapters/storage/storage';

/**
 * The file under `key`, made by `make` and stored first when it is not there: a lab package built
 * again after a crash makes only what is missing (storage writes are whole, so a stored file is a
 * finished one).
 */
export async function storedOrMade(
  storage: Storage,
  key: string,
  contentType: string,
  make: () => Promise<Buffer>,
): Promise<Buffer> {
  const found = await storage.get(key);
  if (found) return found;
  const made = await make();
  await storage.put(key, made, contentType);
  return made;
}
