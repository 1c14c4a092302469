import { MantineProvider, TextInput } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState, QueryState } from '../components/QueryState';
import { ApiError } from './api';
import { ServerError, useServerForm } from './forms';

function Form({ error }: { error: unknown }) {
  const { form, field, serverError, fail } = useServerForm({ initialValues: { name: '', email: '' } });
  return (
    <form onSubmit={form.onSubmit(() => void fail(error, 'No se pudo guardar'))} noValidate>
      <ServerError message={serverError} />
      <TextInput label="Nombre" {...field('name')} />
      <TextInput label="Email" {...field('email')} />
      <button type="submit">Guardar</button>
    </form>
  );
}

const renderForm = (error: unknown) =>
  render(
    <MantineProvider env="test">
      <Form error={error} />
    </MantineProvider>,
  );

describe('useServerForm', () => {
  it("puts a refusal's field errors on their fields in the reader's words and its message above the form", async () => {
    const refusal = new ApiError(400, 'validation_failed', 'Datos inválidos', [
      { path: 'name', message: 'validation.companyNameRequired' },
      { path: 'address.city', message: 'validation.required' },
    ]);
    renderForm(refusal);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Datos inválidos');
    expect(screen.getByLabelText('Nombre')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('El nombre de la empresa es requerido')).toBeInTheDocument();
    // A path the form does not have stays out of the fields; the other field is untouched.
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the fallback when the network failed (no answer from the server)', async () => {
    renderForm(new TypeError('Failed to fetch'));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo guardar');
  });
});

describe('QueryState', () => {
  const wrap = (ui: React.ReactNode) => render(<MantineProvider env="test">{ui}</MantineProvider>);
  const rows = (data: string[]) => (
    <ul>
      {data.map((d) => (
        <li key={d}>{d}</li>
      ))}
    </ul>
  );

  it('shows a failed load with Reintentar, which refetches', async () => {
    const refetch = vi.fn();
    wrap(
      <QueryState query={{ isPending: false, isError: true, data: undefined, refetch }} loadError="Error al cargar los horarios">
        {rows}
      </QueryState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Error al cargar los horarios');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state for an empty answer and the rows otherwise', () => {
    const empty = <EmptyState icon={IconUsers} title="Aún no hay empleados" hint="Crea el primero" />;
    const { rerender } = wrap(
      <QueryState
        query={{ isPending: false, isError: false, data: [] as string[], refetch: () => {} }}
        loadError="x"
        isEmpty={(d) => d.length === 0}
        empty={empty}
      >
        {rows}
      </QueryState>,
    );
    expect(screen.getByText('Aún no hay empleados')).toBeInTheDocument();
    rerender(
      <MantineProvider env="test">
        <QueryState query={{ isPending: false, isError: false, data: ['Ana'], refetch: () => {} }} loadError="x" isEmpty={(d) => d.length === 0} empty={empty}>
          {rows}
        </QueryState>
      </MantineProvider>,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('Ana');
    expect(screen.queryByText('Aún no hay empleados')).toBeNull();
  });
});
