import type { PrintProduct } from '@fotodrop/contract/api/print';
import { useId } from 'react';
import type { OptionChoice } from '../lib/variants';

/**
 * The product's option groups (size, finish…), one radio group each: exactly one option of every
 * group makes a variant. Styled as chips; the radios stay native for keyboard and screen readers.
 */
export function OptionGroups({
  product,
  choice,
  onChange,
}: {
  product: PrintProduct;
  choice: OptionChoice;
  onChange: (groupId: number, optionId: number) => void;
}) {
  const baseId = useId();
  return (
    <div className="print-options">
      {product.product_variant_options.map((group) => (
        <fieldset key={group.id} className="print-option-group">
          <legend>{group.name}</legend>
          <div className="print-option-chips">
            {group.options.map((option) => (
              <label key={option.id} className="print-option">
                <input
                  type="radio"
                  name={`${baseId}-${group.id}`}
                  value={option.id}
                  checked={choice[group.id] === option.id}
                  onChange={() => onChange(group.id, option.id)}
                />
                <span>{option.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
