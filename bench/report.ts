import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

const PERFORMANCE_MD = fileURLToPath(new URL('../docs/performance.md', import.meta.url));

export function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Replaces the section between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` in docs/performance.md. */
export function writeSection(name: string, body: string): void {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const text = readFileSync(PERFORMANCE_MD, 'utf8');
  const block = `${start}\n${body.trim()}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  writeFileSync(
    PERFORMANCE_MD,
    pattern.test(text) ? text.replace(pattern, block) : `${text.trimEnd()}\n\n${block}\n`,
  );
  console.log(body);
}
