/**
 * Debian's ffmpeg and ffprobe, run as child processes: the only way into video files.
 *
 * They are optional: a server without them still serves photos and refuses videos with a clear
 * message. Whether they are there is found out once per process (per pair of paths, so a test can
 * point FFMPEG_PATH elsewhere), not at every upload.
 *
 * Every run gets arguments as an array (no shell), a timeout after which the process is killed,
 * and no standard input; callers read hostile files only through a demuxer they name (`-f`) and
 * only from local files (`-protocol_whitelist file`), so a crafted upload cannot make ffmpeg open
 * playlists, URLs or other files on the server.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface FfmpegTools {
  ffmpeg: string;
  ffprobe: string;
}

/** A run that exited non-zero, was killed at its timeout, or could not start. */
export class ToolFailed extends Error {
  constructor(
    readonly tool: string,
    readonly timedOut: boolean,
    readonly stderr: string,
  ) {
    super(`${tool} ${timedOut ? 'timed out' : 'failed'}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
    this.name = 'ToolFailed';
  }
}

const detected = new Map<string, Promise<FfmpegTools | null>>();

/**
 * The tools at FFMPEG_PATH / FFPROBE_PATH (default /usr/bin; ffprobe next to ffmpeg), or null when either is missing or
 * cannot encode what the web rendition needs (H.264 and AAC).
 */
export function findFfmpeg(env: NodeJS.ProcessEnv = process.env): Promise<FfmpegTools | null> {
  const ffmpeg = env.FFMPEG_PATH || '/usr/bin/ffmpeg';
  // Builds ship the two side by side: FFMPEG_PATH alone is enough.
  const tools = { ffmpeg, ffprobe: env.FFPROBE_PATH || join(dirname(ffmpeg), 'ffprobe') };
  const cacheKey = `${tools.ffmpeg}\0${tools.ffprobe}`;
  let found = detected.get(cacheKey);
  if (!found) {
    found = detect(tools);
    detected.set(cacheKey, found);
  }
  return found;
}

async function detect(tools: FfmpegTools): Promise<FfmpegTools | null> {
  try {
    await runTool(tools.ffprobe, ['-hide_banner', '-version'], { timeoutMs: 10_000 });
    const encoders = await runTool(tools.ffmpeg, ['-hide_banner', '-nostdin', '-encoders'], {
      timeoutMs: 10_000,
    });
    const list = encoders.toString('utf8');
    return /\blibx264\b/.test(list) && /\baac\b/.test(list) ? tools : null;
  } catch {
    return null;
  }
}

/** Runs `tool` with `args`; resolves its standard output, or throws `ToolFailed`. */
export function runTool(
  tool: string,
  args: string[],
  options: { timeoutMs: number; maxOutputBytes?: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      tool,
      args,
      {
        encoding: 'buffer',
        timeout: options.timeoutMs,
        // ffmpeg ignores SIGTERM while it flushes; a run past its time is not worth waiting for.
        killSignal: 'SIGKILL',
        maxBuffer: options.maxOutputBytes ?? 8 * 2 ** 20,
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const overflow = (error as { code?: unknown }).code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER';
        const killed = 'killed' in error && error.killed === true && !overflow;
        const text = stderr.length > 0 ? stderr.toString('utf8') : error.message;
        reject(new ToolFailed(tool.split('/').pop() ?? tool, killed, text));
      },
    );
  });
}

/** A fresh folder under the system's temporary folder, removed when `work` settles. */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'fotodrop-video-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
