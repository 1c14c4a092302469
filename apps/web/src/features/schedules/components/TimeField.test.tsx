import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { TimeField } from './TimeField';

/** A form holding the time as the dialogs do (the field controlled by its value), with a button that sets it. */
function Form({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TimeField label="Hora de entrada" value={value} onChange={setValue} />
      <output aria-label="valor">{value}</output>
      <button type="button" onClick={() => setValue('09:00')}>
        Horario
      </button>
    </>
  );
}

const setup = (initial: string) => {
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient()} env="test">
      <Form initial={initial} />
    </AppProviders>,
  );
  return {
    user,
    hours: () => screen.getByLabelText('Hora de entrada: horas') as HTMLInputElement,
    minutes: () => screen.getByLabelText('Hora de entrada: minutos') as HTMLInputElement,
    value: () => screen.getByLabelText('valor').textContent,
  };
};

describe('TimeField', () => {
  it('changes the hours alone: the minutes stay, and the form gets the new time', async () => {
    const { user, hours, minutes, value } = setup('17:30');
    expect([hours().value, minutes().value]).toEqual(['17', '30']);
    await user.click(hours());
    await user.keyboard('{Backspace}');
    // Incomplete meanwhile: the form holds '' (nothing to save), the minutes are still on screen.
    expect(value()).toBe('');
    expect(minutes().value).toBe('30');
    await user.keyboard('08');
    expect([hours().value, minutes().value]).toEqual(['08', '30']);
    expect(value()).toBe('08:30');
  });

  it('shows a time the form sets, also after the person typed one', async () => {
    const { user, hours, minutes, value } = setup('');
    await user.click(hours());
    await user.keyboard('1745');
    expect(value()).toBe('17:45');
    await user.click(screen.getByRole('button', { name: 'Horario' }));
    expect([hours().value, minutes().value]).toEqual(['09', '00']);
    expect(value()).toBe('09:00');
  });
});
