import type { ConsoleEvent } from '@fotodrop/contract/api/organiser-events';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/setup';
import { CollectorFieldsEditor, OptionsEditor } from './check-in-editors';

beforeAll(initTestI18n);
afterEach(cleanup);

type CollectorField = NonNullable<ConsoleEvent['data_collector_fields']>[number];
type Option = NonNullable<ConsoleEvent['options']>[number];

/** Rows held in state, as the settings form holds them; `seen` gets every change. */
function Stateful<T>(props: {
  initial: T[];
  seen: T[][];
  children: (value: T[], onChange: (value: T[]) => void) => ReactNode;
}) {
  const [value, setValue] = useState(props.initial);
  return props.children(value, (next) => {
    props.seen.push(next);
    setValue(next);
  });
}

const editable = { errors: {}, disabled: false };

describe('the check-in steps’ list editors', () => {
  it('adds choices with a key of their place, edits one and removes another', () => {
    const seen: Option[][] = [];
    render(
      <Stateful initial={[] as Option[]} seen={seen}>
        {(value, onChange) => <OptionsEditor value={value} onChange={onChange} {...editable} />}
      </Stateful>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add a choice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a choice' }));
    expect(seen.at(-1)).toEqual([
      { id: 'option-1', label: '' },
      { id: 'option-2', label: '' },
    ]);
    fireEvent.change(screen.getByLabelText('Choice 2: text'), { target: { value: 'Marathon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove choice 1' }));
    expect(seen.at(-1)).toEqual([{ id: 'option-2', label: 'Marathon' }]);
    expect(screen.getByLabelText('Choice 1: key')).toHaveProperty('value', 'option-2');
  });

  it('adds a question, sets its type and makes it required', () => {
    const seen: CollectorField[][] = [];
    render(
      <Stateful initial={[] as CollectorField[]} seen={seen}>
        {(value, onChange) => <CollectorFieldsEditor value={value} onChange={onChange} {...editable} />}
      </Stateful>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    fireEvent.change(screen.getByLabelText('Question 1: key'), { target: { value: 'bib' } });
    fireEvent.change(screen.getByLabelText('Question 1: answer type'), { target: { value: 'tel' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Required' }));
    expect(seen.at(-1)).toEqual([{ name: 'bib', label: '', type: 'tel', required: true }]);
  });

  it('shows the errors of a row and of the list, and offers no change when locked', () => {
    render(
      <OptionsEditor
        value={[{ id: 'Bad Key', label: '10 km' }]}
        onChange={() => {}}
        errors={{ 'options.0.label': 'field.too_long', options: 'option_id.duplicate' }}
        disabled
      />,
    );
    expect(screen.getByText('This text is too long.')).toBeTruthy();
    expect(screen.getByText('Two choices have the same key.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByLabelText('Choice 1: text')).toHaveProperty('disabled', true);
  });
});
