// Installs Debian's chromium when it is missing, so a clean machine can run the browser tests.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(CHROMIUM)) {
  console.log(`chromium found at ${CHROMIUM}`);
} else {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  console.log('chromium is missing: installing Debian chromium with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
  execSync(
    `${sudo}apt-get install -y -qq --no-install-recommends chromium fonts-noto-core fonts-noto-color-emoji`,
    { stdio: 'inherit', env },
  );
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get finished but ${CHROMIUM} is still missing`);
}
