// Installs the Debian packages the app and its tests run, when they are missing, so a clean machine
// needs nothing prepared: `ffmpeg` (video posters and renditions), `chromium` (browser tests) and
// `zip` (the zip bench's reference).
//   node scripts/ensure-debian-packages.mjs ffmpeg chromium
//   node scripts/ensure-debian-packages.mjs --optional ffmpeg   (warn instead of failing)
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Each tool: the file that proves it is there, and the packages that bring it. */
const TOOLS = {
  chromium: {
    path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    packages: 'chromium fonts-noto-core fonts-noto-color-emoji',
  },
  ffmpeg: { path: process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg', packages: 'ffmpeg' },
  /** The reference of `npm run bench:zip`. */
  zip: { path: '/usr/bin/zip', packages: 'zip' },
  /** The reference of `npm run bench:faces:indexing`. */
  vipsthumbnail: { path: '/usr/bin/vipsthumbnail', packages: 'libvips-tools' },
};

const args = process.argv.slice(2);
const optional = args.includes('--optional');
const wanted = args.filter((a) => a !== '--optional');
const unknown = wanted.filter((name) => !(name in TOOLS));
if (unknown.length > 0) throw new Error(`unknown tool(s): ${unknown.join(', ')}`);

const missing = wanted.filter((name) => !existsSync(TOOLS[name].path));
for (const name of wanted.filter((n) => !missing.includes(n)))
  console.log(`${name} found at ${TOOLS[name].path}`);

if (missing.length > 0) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const packages = missing.map((name) => TOOLS[name].packages).join(' ');
  console.log(`${missing.join(', ')} missing: installing Debian packages with apt-get`);
  try {
    execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
    execSync(`${sudo}apt-get install -y -qq --no-install-recommends ${packages}`, { stdio: 'inherit', env });
    const still = missing.filter((name) => !existsSync(TOOLS[name].path));
    if (still.length > 0) throw new Error(`apt-get finished but ${still.join(', ')} is still missing`);
  } catch (error) {
    if (!optional) throw error;
    console.warn(
      `Could not install ${missing.join(', ')} (${error instanceof Error ? error.message : error}). ` +
        'The app runs without it; videos are refused until ffmpeg is installed.',
    );
  }
}
