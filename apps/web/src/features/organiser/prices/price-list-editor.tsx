import { type MediaType, PACKAGE_ORDER_TYPES, type PackageOrderType } from '@fotodrop/contract/enums';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { FieldError } from '../../../shared/ui/field-error';
import { type DraftRow, moneyPlaceholder, newRow, type PriceDraft, type RowKind } from './price-draft';

type Errors = Record<string, string>;

/** A small labelled input of a row; money in major units of the currency (its decimals as placeholder). */
function Cell({
  label,
  value,
  onChange,
  error,
  money,
  currency,
  placeholder,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  money?: boolean;
  currency: string;
  placeholder?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={`field price-cell${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="price-input">
        <input
          id={id}
          className="input"
          inputMode={money ? 'decimal' : 'numeric'}
          value={value}
          placeholder={placeholder ?? (money ? moneyPlaceholder(currency) : '')}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {money && <span className="price-currency">{currency}</span>}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The entries of one media type: bundles or quantity ranges, row by row. */
function TypeRows({
  type,
  draft,
  onChange,
  errors,
  currency,
  disabled,
}: {
  type: MediaType;
  draft: PriceDraft;
  onChange: (draft: PriceDraft) => void;
  errors: Errors;
  currency: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();
  const { kind, rows } = draft[type];
  const set = (next: Partial<PriceDraft[MediaType]>) =>
    onChange({ ...draft, [type]: { ...draft[type], ...next } });
  const setRow = (key: string, values: Partial<DraftRow>) =>
    set({ rows: rows.map((r) => (r.key === key ? { ...r, ...values } : r)) });
  const p = (key: string) => t(`organiser.prices.${key}`);
  return (
    <fieldset className="price-type" disabled={disabled}>
      <legend>{p(type === 'photo' ? 'photos' : 'videos')}</legend>
      <div className="price-kinds">
        {(['bundles', 'ranges'] as RowKind[]).map((k) => (
          <label key={k} className="price-kind">
            <input type="radio" name={name} checked={kind === k} onChange={() => set({ kind: k })} />
            {p(`kind_${k}`)}
          </label>
        ))}
      </div>
      <p className="field-hint">{p(`kind_${kind}_hint`)}</p>
      {rows.length === 0 ? (
        <p className="price-none">{p(type === 'photo' ? 'no_photo_prices' : 'no_video_prices')}</p>
      ) : (
        <ol className="price-rows">
          {rows.map((row, i) => (
            <li key={row.key} className="price-row">
              <span className="visually-hidden">{t('organiser.prices.row', { n: i + 1 })}</span>
              {kind === 'bundles' ? (
                <Cell
                  label={p('qty')}
                  value={row.qty}
                  onChange={(qty) => setRow(row.key, { qty })}
                  error={errors[`${row.key}.qty`]}
                  currency={currency}
                />
              ) : (
                <>
                  <Cell
                    label={p('from')}
                    value={row.from}
                    onChange={(from) => setRow(row.key, { from })}
                    error={errors[`${row.key}.from`]}
                    currency={currency}
                  />
                  <Cell
                    label={p('to')}
                    value={row.to}
                    placeholder={p('to_open')}
                    onChange={(to) => setRow(row.key, { to })}
                    error={errors[`${row.key}.to`]}
                    currency={currency}
                  />
                </>
              )}
              <Cell
                label={p(kind === 'bundles' ? 'price' : 'price_each')}
                value={row.price}
                money
                onChange={(price) => setRow(row.key, { price })}
                error={errors[`${row.key}.price`]}
                currency={currency}
              />
              <Cell
                label={p('original')}
                value={row.original}
                money
                placeholder=""
                onChange={(original) => setRow(row.key, { original })}
                error={errors[`${row.key}.original`]}
                currency={currency}
              />
              <Button
                variant="ghost"
                size="sm"
                className="price-remove"
                aria-label={t('organiser.prices.remove_row', { n: i + 1 })}
                onClick={() => set({ rows: rows.filter((r) => r.key !== row.key) })}
              >
                {p('remove')}
              </Button>
            </li>
          ))}
        </ol>
      )}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          const last = rows[rows.length - 1];
          // a new range starts where the last one ended
          const from =
            last && kind === 'ranges' && last.to ? String(Number(last.to) + 1) : rows.length ? '' : '1';
          set({ rows: [...rows, newRow(kind === 'ranges' ? { from } : { qty: rows.length ? '' : '1' })] });
        }}
      >
        {p(kind === 'bundles' ? 'add_bundle' : 'add_range')}
      </Button>
    </fieldset>
  );
}

const PACKAGE_KEY: Record<PackageOrderType, string> = {
  ALL_PHOTOS: 'package_all_photos',
  PHOTOS_AND_VIDEOS: 'package_photos_and_videos',
  VIDEOS: 'package_videos',
};

/**
 * The form of a price list: photos and videos (bundles or ranges each), and for the event the
 * whole-album packages (an empty price: not offered). Changes go to `onChange` at every keystroke,
 * so the preview beside it follows.
 */
export function PriceListEditor({
  draft,
  onChange,
  errors,
  currency,
  withPackages,
  disabled,
}: {
  draft: PriceDraft;
  onChange: (draft: PriceDraft) => void;
  errors: Errors;
  currency: string;
  withPackages: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const p = (key: string) => t(`organiser.prices.${key}`);
  return (
    <div className="price-editor">
      {(['photo', 'video'] as const).map((type) => (
        <TypeRows
          key={type}
          type={type}
          draft={draft}
          onChange={onChange}
          errors={errors}
          currency={currency}
          disabled={disabled}
        />
      ))}
      {withPackages && (
        <fieldset className="price-type" disabled={disabled}>
          <legend>{p('packages')}</legend>
          <p className="field-hint">{p('packages_hint')}</p>
          <p className="field-hint">{p('prepurchase_hint')}</p>
          <ul className="price-rows">
            {PACKAGE_ORDER_TYPES.map((type) => (
              <li key={type} className="price-row price-package">
                <span className="price-package-name">{p(PACKAGE_KEY[type])}</span>
                <Cell
                  label={p('price')}
                  value={draft.packages[type].price}
                  money
                  placeholder={p('not_offered')}
                  onChange={(price) =>
                    onChange({
                      ...draft,
                      packages: { ...draft.packages, [type]: { ...draft.packages[type], price } },
                    })
                  }
                  error={errors[`${type}.price`]}
                  currency={currency}
                />
                <Cell
                  label={p('original')}
                  value={draft.packages[type].original}
                  money
                  placeholder=""
                  onChange={(original) =>
                    onChange({
                      ...draft,
                      packages: { ...draft.packages, [type]: { ...draft.packages[type], original } },
                    })
                  }
                  error={errors[`${type}.original`]}
                  currency={currency}
                />
                <Cell
                  label={p('prepurchase')}
                  value={draft.packages[type].prepurchase}
                  money
                  placeholder=""
                  onChange={(prepurchase) =>
                    onChange({
                      ...draft,
                      packages: { ...draft.packages, [type]: { ...draft.packages[type], prepurchase } },
                    })
                  }
                  error={errors[`${type}.prepurchase`]}
                  currency={currency}
                />
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
