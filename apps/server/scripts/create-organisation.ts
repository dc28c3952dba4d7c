// Creates an organisation and invites its owner, straight on the database, for a fresh install
// that has no platform staff account yet:
//   npm run create-organisation -- --name "Lakeside Runs" --owner anna@example.com
//                                  [--app-name lakeside] [--country IT] [--currency EUR]
// The same checks as POST /api/organiser/v1/organisations/; prints the owner's invitation link
// (the e-mail is queued and sent by the server's mail worker as well).
import { parseArgs } from 'node:util';
import { createOrganisationBodySchema } from '@fotodrop/contract';
import { ConfigError, loadConfig } from '../src/config';
import { openRuntime } from '../src/runtime';
import { seedBase } from '../src/seed/demo';

const { values } = parseArgs({
  options: {
    name: { type: 'string' },
    owner: { type: 'string' },
    'app-name': { type: 'string' },
    country: { type: 'string', default: 'IT' },
    currency: { type: 'string', default: 'EUR' },
  },
});

function fail(message: string): never {
  console.error(`${message}
usage: npm run create-organisation -- --name <name> --owner <owner e-mail>
                                      [--app-name <subdomain>] [--country IT] [--currency EUR]`);
  process.exit(2);
}

/** "Lakeside Runs!" → "lakeside-runs": a DNS label from a name. */
const subdomainOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');

const parsed = createOrganisationBodySchema.safeParse({
  name: values.name,
  owner_email: values.owner,
  app_name: values['app-name'] ?? (values.name ? subdomainOf(values.name) : undefined),
  country: values.country,
  currency: values.currency,
});
if (!parsed.success) {
  fail(
    parsed.error.issues
      .map((i) => `--${String(i.path[0]).replace('_email', '').replace('_', '-')}: ${i.message}`)
      .join('\n'),
  );
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
if (!config.DATABASE_URL) {
  // the embedded database is one process's: opening it beside a running server would corrupt it
  const running = await fetch(`http://127.0.0.1:${config.PORT}/api/health`, {
    signal: AbortSignal.timeout(1000),
  })
    .then(() => true)
    .catch(() => false);
  if (running)
    fail(
      `a server is running on port ${config.PORT}: stop it first (the embedded database serves one process)`,
    );
}

const runtime = await openRuntime(config);
try {
  await seedBase(runtime.database.db);
  const linkBase = new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).origin;
  const { organisation, link } = await runtime.services.team.createOrganisationAsOperator(
    parsed.data,
    linkBase,
  );
  console.log(`Organisation ${organisation.name} (id ${organisation.id}, subdomain ${organisation.app_name}) created.
The owner ${parsed.data.owner_email} is invited (the link works once, for 7 days):
  ${link}`);
} catch (error) {
  await runtime.close();
  fail(error instanceof Error ? error.message : String(error));
}
await runtime.close();
