// Video processing time: the whole video job (probe, poster frame with its photo derivatives, the
// H.264 web rendition, probing the result) beside the same ffmpeg transcode run alone on the same
// clip in the same run, so the figure reads as "pipeline overhead over the unavoidable encode".
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTool } from '../apps/server/src/media/ffmpeg';
import { ffmpegForTests, makeTestVideo } from '../apps/server/src/media/test-videos';
import { makeVideoDerivatives, renditionFilter } from '../apps/server/src/media/video-derivatives';
import { machine, median, writeSection } from './report';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SECONDS = 10;
const tools = await ffmpegForTests();
// A phone-like clip: 1080p at 25 fps with sound, H.264 as cameras write it.
const clip = await makeTestVideo({ width: 1920, height: 1080, seconds: SECONDS });
const dir = await mkdtemp(join(tmpdir(), 'fotodrop-bench-video-'));
const source = join(dir, 'clip.mp4');
await writeFile(source, clip);

const pipeline: number[] = [];
const transcodeOnly: number[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    let t = performance.now();
    await makeVideoDerivatives(clip, { tools, watermarkText: 'Lakeside City Marathon · Fotodrop' });
    pipeline.push(performance.now() - t);
    t = performance.now();
    await runTool(
      tools.ffmpeg,
      ['-v', 'error', '-nostdin', '-y', '-i', source, '-vf', renditionFilter()]
        .concat(['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high'])
        .concat(['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', join(dir, 'out.mp4')]),
      { timeoutMs: 600_000 },
    );
    transcodeOnly.push(performance.now() - t);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

const mPipeline = median(pipeline);
const mTranscode = median(transcodeOnly);
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
writeSection(
  'video-derivatives',
  `### Video processing (\`npm run bench:video\`)

Machine: ${machine()}. A ${SECONDS}-second 1920×1080 H.264/AAC clip, ${ROUNDS} rounds; medians.

| what | median per clip | × clip length |
| --- | --- | --- |
| \`ffmpeg\` transcode alone to the 1280 px H.264 rendition (reference) | ${s(mTranscode)} | ${(mTranscode / 1000 / SECONDS).toFixed(2)} |
| Fotodrop video job: probe, poster + its photo derivatives, rendition, probe of the result | ${s(mPipeline)} | ${(mPipeline / 1000 / SECONDS).toFixed(2)} |

Ratio: the whole job costs ${(mPipeline / mTranscode).toFixed(2)}× the bare transcode; the encode is the
work, the rest (poster, thumbnails, previews) runs beside it on the second core.`,
);
