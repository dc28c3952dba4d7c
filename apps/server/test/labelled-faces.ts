import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The labelled faces (../shared/data/faces, beside the repository; CI links it there too). */
export const BBT_DIR = fileURLToPath(new URL('../../../../shared/data/faces/bbt/', import.meta.url));
export const BBT_PEOPLE = [
  'amy',
  'bernadette',
  'howard',
  'leonard',
  'penny',
  'raj',
  'sheldon',
  'stuart',
] as const;
export type BbtPerson = (typeof BBT_PEOPLE)[number];

interface LabelledFace {
  person: BbtPerson;
  x: number;
  y: number;
}
export const BBT_LABELS = JSON.parse(
  readFileSync(fileURLToPath(new URL('./data/faces/bbt-labels.json', import.meta.url)), 'utf8'),
) as Record<string, LabelledFace[] | string>;

export const BBT_PHOTOS = Object.keys(BBT_LABELS).filter((k) => k.endsWith('.jpg'));

/** The group photos a person is in, by the labels. */
export const photosOf = (person: BbtPerson) =>
  BBT_PHOTOS.filter((photo) => (BBT_LABELS[photo] as LabelledFace[]).some((f) => f.person === person));

/** The labelled person whose face centre lies inside a detected box (fractions), if any. */
export function personInBox(photo: string, box: { x: number; y: number; width: number; height: number }) {
  return (BBT_LABELS[photo] as LabelledFace[]).find(
    (f) =>
      f.x >= box.x &&
      f.x <= box.x + box.width &&
      f.y >= box.y - box.height * 0.2 &&
      f.y <= box.y + box.height * 1.2,
  )?.person;
}

export const cropOf = (person: BbtPerson, n: number) => `${BBT_DIR}${person}/${person}${n}.png`;
