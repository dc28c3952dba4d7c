import { PHOTOBOOK_PHOTO_COUNT } from '@fotodrop/contract';
import type { Db } from '../db/client';
import { printRepository } from '../repositories/print.repository';
import { demoTranslations } from './demo-print-texts';

interface DemoProduct {
  title: string;
  description: string;
  minPhotos: number;
  maxPhotos: number;
  /** Option groups; every combination of one option per group is a variant. */
  groups: { name: string; options: string[] }[];
  /** The price of a combination (VAT included, EUR). */
  price: (optionNames: string[]) => string;
}

const DEMO_FAMILIES: { title: string; description: string; products: DemoProduct[] }[] = [
  {
    title: 'Prints',
    description: 'Your photos on photo paper, glossy or matt.',
    products: [
      {
        title: 'Photo prints',
        description: 'Classic prints on professional photo paper.',
        minPhotos: 1,
        maxPhotos: 100,
        groups: [
          { name: 'Size', options: ['10×15 cm', '13×18 cm', '20×30 cm'] },
          { name: 'Finish', options: ['Glossy', 'Matt'] },
        ],
        price: ([size]) => ({ '10×15 cm': '1.90', '13×18 cm': '2.90' })[size as string] ?? '6.90',
      },
    ],
  },
  {
    title: 'Wall art',
    description: 'One photo, large, ready to hang.',
    products: [
      {
        title: 'Canvas',
        description: 'Printed on canvas and stretched on a wooden frame.',
        minPhotos: 1,
        maxPhotos: 1,
        groups: [{ name: 'Size', options: ['30×40 cm', '40×60 cm'] }],
        price: ([size]) => (size === '30×40 cm' ? '39.00' : '59.00'),
      },
    ],
  },
  {
    title: 'Photobook',
    description: 'Your event in a book.',
    products: [
      {
        title: 'Photobook',
        description: `A4 landscape hardcover book with ${PHOTOBOOK_PHOTO_COUNT} of your photos.`,
        minPhotos: PHOTOBOOK_PHOTO_COUNT,
        maxPhotos: PHOTOBOOK_PHOTO_COUNT,
        groups: [{ name: 'Format', options: ['A4 landscape, hardcover'] }],
        price: () => '49.90',
      },
    ],
  },
];

/** Every combination of one item of each list. */
function combinations<T>(lists: T[][]): T[][] {
  return lists.reduce<T[][]>(
    (acc, list) => acc.flatMap((combo) => list.map((item) => [...combo, item])),
    [[]],
  );
}

/** The demo print catalogue, in EUR, its texts in every language. Only fills an empty catalogue. */
export async function seedDemoPrint(db: Db): Promise<void> {
  const repo = printRepository(db);
  if ((await repo.families()).length > 0) {
    // a catalogue seeded before translations existed gets the demo texts in every language
    await repo.fillMissingTranslations(demoTranslations);
    return;
  }
  for (const [familyPosition, family] of DEMO_FAMILIES.entries()) {
    const { id: familyId } = await repo.insertFamily({
      title: family.title,
      description: family.description,
      position: familyPosition,
      translations: demoTranslations({ title: family.title, description: family.description }),
    });
    for (const [position, demo] of family.products.entries()) {
      const product = await repo.insertProduct({
        familyId,
        title: demo.title,
        description: demo.description,
        minPhotos: demo.minPhotos,
        maxPhotos: demo.maxPhotos,
        currency: 'EUR',
        position,
        translations: demoTranslations({ title: demo.title, description: demo.description }),
      });
      const optionIds = await repo.insertGroups(product.id, demo.groups, (name) =>
        demoTranslations({ name }),
      );
      const indexes = combinations(demo.groups.map((g) => g.options.map((_, i) => i)));
      for (const combo of indexes) {
        const ids = combo.map((option, group) => optionIds[group]![option]!);
        const names = combo.map((option, group) => demo.groups[group]!.options[option]!);
        await repo.insertVariant(product.id, ids, demo.price(names));
      }
    }
  }
}
