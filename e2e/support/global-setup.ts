import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/** A folder for what the e2e files of one run share (the processed demo), removed at the end. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'fotodrop-e2e-run-'));
  project.provide('e2eRunDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
