import { ConfigError, loadConfig } from './config';
import { openRuntime, registerWorkers } from './runtime';

/** A job worker without HTTP: run any number of these next to API processes started with WORKERS=off. */
async function main() {
  const config = loadConfig();
  const runtime = await openRuntime(config);
  await registerWorkers(runtime);
  console.log(`Fotodrop worker running on ${runtime.database.kind}`);
  const stop = async () => {
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
