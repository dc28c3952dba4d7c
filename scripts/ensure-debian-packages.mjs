// Installs the Debian packages the app and its tests run, when they are missing, so a clean machine
// needs nothing prepared: `ffmpeg` (video posters and renditions), `chromium` with its fonts
// (browser tests) and `zip` (the zip bench's reference). Each package is checked on its own
// (dpkg-query), so fonts missing beside an installed Chromium are installed too.
//   node scripts/ensure-debian-packages.mjs ffmpeg chromium
//   node scripts/ensure-debian-packages.mjs --optional ffmpeg   (warn instead of failing)
import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { packagesToInstall, TOOLS } from './debian-packages.mjs';

const args = process.argv.slice(2);
const optional = args.includes('--optional');
const wanted = args.filter((a) => a !== '--optional');
const unknown = wanted.filter((name) => !(name in TOOLS));
if (unknown.length > 0) throw new Error(`unknown tool(s): ${unknown.join(', ')}`);

/** Whether dpkg has the package installed (false where there is no dpkg at all). */
function installed(name) {
  try {
    // dpkg's own format field (not a JavaScript placeholder)
    const status = execFileSync('dpkg-query', ['-W', `-f=${'$'}{Status}`, name], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return status.includes('install ok installed');
  } catch {
    return false;
  }
}

const missing = packagesToInstall(wanted, { exists: existsSync, installed });
for (const name of wanted)
  if (existsSync(TOOLS[name].path)) console.log(`${name} found at ${TOOLS[name].path}`);

if (missing.length > 0) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  console.log(`${missing.join(', ')} missing: installing Debian packages with apt-get`);
  try {
    execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
    execSync(`${sudo}apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`, {
      stdio: 'inherit',
      env,
    });
    const still = wanted.filter((name) => !existsSync(TOOLS[name].path));
    if (still.length > 0) throw new Error(`apt-get finished but ${still.join(', ')} is still missing`);
  } catch (error) {
    if (!optional) throw error;
    console.warn(
      `Could not install ${missing.join(', ')} (${error instanceof Error ? error.message : error}). ` +
        'The app runs without it; videos are refused until ffmpeg is installed.',
    );
  }
}
