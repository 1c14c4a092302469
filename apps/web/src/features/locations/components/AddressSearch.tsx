import { Button, Group, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin, IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, translateMessage } from '../../../lib/messages';
import { type GeocodeResult, searchAddress } from '../api';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '../constants';
import classes from './AddressSearch.module.css';

type SearchState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'results'; results: GeocodeResult[] } | { kind: 'message'; text: string; error: boolean };

/**
 * Address search of the work-location form (spec §5): searches by itself 800 ms after typing more than
 * 4 characters, or at once with the button/Enter (which needs text); up to 5 results from the server's geocoder.
 * `pointKey` names the form's current point: when the point is set another way (GPS, a click on the map), an
 * old search message or result list no longer applies and goes.
 */
export function AddressSearch({ onSelect, pointKey }: { onSelect: (result: GeocodeResult) => void; pointKey?: string }) {
  const { t } = useTranslation('settings');
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  const inFlight = useRef<AbortController | null>(null);
  const picked = useRef<string | null>(null);

  const run = useCallback(
    async (text: string) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setState({ kind: 'loading' });
      try {
        const results = (await searchAddress(text, controller.signal)).slice(0, 5);
        if (controller.signal.aborted) return;
        setState(results.length ? { kind: 'results', results } : { kind: 'message', text: t('locations.search.noResults'), error: false });
      } catch (error) {
        if (controller.signal.aborted) return;
        setState({ kind: 'message', text: errorMessage(t, error, translateMessage(t, 'location.searchFailed')), error: true });
      }
    },
    [t],
  );

  useEffect(() => {
    const text = debounced.trim();
    if (text.length < SEARCH_MIN_CHARS || text === picked.current) return;
    void run(text);
  }, [debounced, run]);

  useEffect(() => () => inFlight.current?.abort(), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new point is the trigger, not an input.
  useEffect(() => {
    setState((current) => (current.kind === 'message' || current.kind === 'results' ? { kind: 'idle' } : current));
  }, [pointKey]);

  const searchNow = () => {
    const text = query.trim();
    if (!text) return setState({ kind: 'message', text: translateMessage(t, 'location.searchRequired'), error: true });
    picked.current = null;
    void run(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // never submit the surrounding form
    searchNow();
  };

  const choose = (result: GeocodeResult) => {
    picked.current = result.displayName;
    setQuery(result.displayName);
    setState({ kind: 'idle' });
    onSelect(result);
  };

  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('locations.search.label')}
          placeholder={t('locations.search.placeholder')}
          leftSection={<IconSearch size={16} />}
          rightSection={state.kind === 'loading' ? <Loader size={16} /> : null}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
        />
        <Button variant="light" onClick={searchNow} loading={state.kind === 'loading'}>
          {t('locations.search.button')}
        </Button>
      </Group>
      {state.kind === 'message' && (
        <Text size="sm" c={state.error ? 'red.7' : 'dimmed'} role={state.error ? 'alert' : 'status'}>
          {state.text}
        </Text>
      )}
      {state.kind === 'results' && (
        <Paper withBorder radius="md" p={4} role="listbox" aria-label={t('locations.search.results')}>
          {state.results.map((result) => (
            <UnstyledButton
              key={`${result.latitude},${result.longitude},${result.displayName}`}
              role="option"
              aria-selected={false}
              onClick={() => choose(result)}
              w="100%"
              p="xs"
              className={classes.result}
            >
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <IconMapPin size={16} style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-color-indigo-6)" />
                <Text size="sm" lineClamp={2}>
                  {result.displayName}
                </Text>
              </Group>
            </UnstyledButton>
          ))}
        </Paper>
      )}
    </Stack>
  );
}
