import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import {
  printProductFamilies,
  printProducts,
  printVariantGroups,
  printVariantOptions,
  printVariants,
  type TextTranslations,
} from '../db/print-schema';

export type ProductFamilyRow = typeof printProductFamilies.$inferSelect;
export type PrintProductRow = typeof printProducts.$inferSelect;
export type VariantRow = typeof printVariants.$inferSelect;

export interface VariantGroup {
  id: number;
  productId: number;
  name: string;
  translations: TextTranslations;
  options: { id: number; name: string; translations: TextTranslations }[];
}

/** The print catalogue: families, products, their option groups and priced variants. */
export function printRepository(db: Queryable) {
  return {
    families(): Promise<ProductFamilyRow[]> {
      return db
        .select()
        .from(printProductFamilies)
        .orderBy(asc(printProductFamilies.position), asc(printProductFamilies.id));
    },
    /** Products in chooser order: by family, then by position. */
    products(familyId?: number): Promise<PrintProductRow[]> {
      return db
        .select({ product: printProducts })
        .from(printProducts)
        .innerJoin(printProductFamilies, eq(printProductFamilies.id, printProducts.familyId))
        .where(familyId === undefined ? undefined : eq(printProducts.familyId, familyId))
        .orderBy(
          asc(printProductFamilies.position),
          asc(printProductFamilies.id),
          asc(printProducts.position),
          asc(printProducts.id),
        )
        .then((rows) => rows.map((r) => r.product));
    },
    async product(id: number): Promise<PrintProductRow | undefined> {
      const [row] = await db.select().from(printProducts).where(eq(printProducts.id, id));
      return row;
    },
    /** The option groups of these products with their options, in display order. */
    async groupsOf(productIds: number[]): Promise<VariantGroup[]> {
      if (productIds.length === 0) return [];
      const rows = await db
        .select({ group: printVariantGroups, option: printVariantOptions })
        .from(printVariantGroups)
        .leftJoin(printVariantOptions, eq(printVariantOptions.groupId, printVariantGroups.id))
        .where(inArray(printVariantGroups.productId, productIds))
        .orderBy(
          asc(printVariantGroups.position),
          asc(printVariantGroups.id),
          asc(printVariantOptions.position),
          asc(printVariantOptions.id),
        );
      const groups = new Map<number, VariantGroup>();
      for (const { group, option } of rows) {
        let entry = groups.get(group.id);
        if (!entry) {
          entry = {
            id: group.id,
            productId: group.productId,
            name: group.name,
            translations: group.translations,
            options: [],
          };
          groups.set(group.id, entry);
        }
        if (option) {
          entry.options.push({ id: option.id, name: option.name, translations: option.translations });
        }
      }
      return [...groups.values()];
    },
    variantsOf(productIds: number[]): Promise<VariantRow[]> {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(printVariants)
        .where(inArray(printVariants.productId, productIds))
        .orderBy(asc(printVariants.id));
    },
    async insertFamily(row: typeof printProductFamilies.$inferInsert): Promise<ProductFamilyRow> {
      const [created] = await db.insert(printProductFamilies).values(row).returning();
      if (!created) throw new Error('product family not inserted');
      return created;
    },
    async insertProduct(row: typeof printProducts.$inferInsert): Promise<PrintProductRow> {
      const [created] = await db.insert(printProducts).values(row).returning();
      if (!created) throw new Error('print product not inserted');
      return created;
    },
    /**
     * A product's option groups with their options, in the order given; answers their ids.
     * `translate` gives a name's translations (none by default).
     */
    async insertGroups(
      productId: number,
      groups: { name: string; options: string[] }[],
      translate: (name: string) => TextTranslations = () => ({}),
    ): Promise<number[][]> {
      const ids: number[][] = [];
      for (const [position, group] of groups.entries()) {
        const [created] = await db
          .insert(printVariantGroups)
          .values({ productId, name: group.name, position, translations: translate(group.name) })
          .returning();
        if (!created) throw new Error('variant group not inserted');
        const options = await db
          .insert(printVariantOptions)
          .values(
            group.options.map((name, i) => ({
              groupId: created.id,
              name,
              position: i,
              translations: translate(name),
            })),
          )
          .returning({ id: printVariantOptions.id });
        ids.push(options.map((o) => o.id));
      }
      return ids;
    },
    /**
     * Gives every catalogue row still without translations those `translate` finds for its
     * texts (a catalogue seeded before translations existed).
     */
    async fillMissingTranslations(
      translate: (fields: Record<string, string | null>) => TextTranslations,
    ): Promise<void> {
      const none = sql`'{}'::jsonb`;
      const set = async (
        table:
          | typeof printProductFamilies
          | typeof printProducts
          | typeof printVariantGroups
          | typeof printVariantOptions,
        id: number,
        translations: TextTranslations,
      ) => {
        if (Object.keys(translations).length > 0) {
          await db.update(table).set({ translations }).where(eq(table.id, id));
        }
      };
      for (const f of await db
        .select()
        .from(printProductFamilies)
        .where(eq(printProductFamilies.translations, none)))
        await set(printProductFamilies, f.id, translate({ title: f.title, description: f.description }));
      for (const p of await db.select().from(printProducts).where(eq(printProducts.translations, none)))
        await set(printProducts, p.id, translate({ title: p.title, description: p.description }));
      for (const g of await db
        .select()
        .from(printVariantGroups)
        .where(eq(printVariantGroups.translations, none)))
        await set(printVariantGroups, g.id, translate({ name: g.name }));
      for (const o of await db
        .select()
        .from(printVariantOptions)
        .where(eq(printVariantOptions.translations, none)))
        await set(printVariantOptions, o.id, translate({ name: o.name }));
    },
    async insertVariant(productId: number, optionIds: number[], price: string): Promise<VariantRow> {
      const [created] = await db
        .insert(printVariants)
        .values({ productId, optionIds: [...optionIds].sort((a, b) => a - b), price })
        .returning();
      if (!created) throw new Error('variant not inserted');
      return created;
    },
  };
}
