import type { PrintProduct } from '@fotodrop/contract/api/print';
import { decimalStringToMinor } from '@fotodrop/contract/rules/currency';

export type Variant = NonNullable<PrintProduct['variants']>[number];

/** The option picked in each group of a product: group id → option id. */
export type OptionChoice = Readonly<Record<number, number>>;

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** The product's cheapest variant (the chooser's "from" price); null without priced variants. */
export function cheapestVariant(product: PrintProduct): Variant | null {
  let best: Variant | null = null;
  for (const variant of product.variants ?? []) {
    if (!best || minorOf(variant.price, product) < minorOf(best.price, product)) best = variant;
  }
  return best;
}

function minorOf(price: string, product: PrintProduct): number {
  return decimalStringToMinor(price, product.currency);
}

/**
 * The lowest price of a catalogue in one currency (the album's print banner): null when no
 * product of that currency has a priced variant.
 */
export function lowestPrice(
  products: readonly PrintProduct[],
  currency: string,
): { minor: number; currency: string } | null {
  let minor: number | null = null;
  for (const product of products) {
    if (product.currency !== currency) continue;
    const variant = cheapestVariant(product);
    if (!variant) continue;
    const price = minorOf(variant.price, product);
    if (minor === null || price < minor) minor = price;
  }
  return minor === null ? null : { minor, currency };
}

/** The variant of one option per group, or null when the choice misses a group or has no variant. */
export function variantFor(product: PrintProduct, choice: OptionChoice): Variant | null {
  const ids: number[] = [];
  for (const group of product.product_variant_options) {
    const option = choice[group.id];
    if (option === undefined) return null;
    ids.push(option);
  }
  return (product.variants ?? []).find((variant) => sameIds(variant.variant_option_ids, ids)) ?? null;
}

/**
 * decision: the configure screen opens on the cheapest variant's options (the price the chooser
 * showed as "from"); without variants, on each group's first option.
 */
export function defaultChoice(product: PrintProduct): OptionChoice {
  const cheapest = cheapestVariant(product);
  const choice: Record<number, number> = {};
  for (const group of product.product_variant_options) {
    const picked = group.options.find((option) => cheapest?.variant_option_ids.includes(option.id));
    const option = picked ?? group.options[0];
    if (option) choice[group.id] = option.id;
  }
  return choice;
}

/** The choice as the API wants it: the picked option ids in group order. */
export function choiceIds(product: PrintProduct, choice: OptionChoice): number[] {
  return product.product_variant_options.flatMap((group) => {
    const option = choice[group.id];
    return option === undefined ? [] : [option];
  });
}

/** Names of the given options in group order ("13×18 cm", "Matt"); unknown ids are left out. */
export function optionNames(product: PrintProduct, optionIds: readonly number[]): string[] {
  return product.product_variant_options.flatMap((group) =>
    group.options.filter((option) => optionIds.includes(option.id)).map((option) => option.name),
  );
}
