import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { locationInput } from '@presente/shared';
import { IconAlertCircle, IconCurrentLocation, IconMapPin } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../lib/forms';
import { errorMessage, useMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useMapTiles } from '../../../lib/publicConfig';
import { useIsMobile } from '../../../lib/useIsMobile';
import { type LocationBody, useSaveLocation, type WorkLocation } from '../api';
import { GPS_TIMEOUT_MS, MAP_HEIGHT, RADIUS_DEFAULT, RADIUS_MAX, RADIUS_MIN } from '../constants';
import { AddressSearch } from './AddressSearch';
import type { LatLng } from './LocationMap';

// Leaflet loads with the form, not with the dashboard.
const LocationMap = lazy(() => import('./LocationMap'));

export interface LocationFormValues {
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  allowedRadius: number | string;
}

function valuesOf(location: WorkLocation | null): LocationFormValues {
  if (!location) return { name: '', address: '', latitude: null, longitude: null, allowedRadius: RADIUS_DEFAULT };
  return {
    name: location.name,
    address: location.address ?? '',
    latitude: location.latitude,
    longitude: location.longitude,
    allowedRadius: location.allowedRadius,
  };
}

/** An empty radius falls back to 100 (spec §5); anything else must be an integer 10-5000. */
function normalize(values: LocationFormValues) {
  return { ...values, allowedRadius: values.allowedRadius === '' ? RADIUS_DEFAULT : values.allowedRadius };
}

/** Validates with the shared locationInput; errors are keys of the shared MESSAGES catalogue. */
export function validateLocation(values: LocationFormValues): Record<string, string> {
  const result = locationInput.safeParse(normalize(values));
  const errors: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

interface WorkLocationModalProps {
  opened: boolean;
  /** null = create. */
  location: WorkLocation | null;
  onClose: () => void;
  /** Opens the upgrade prompt when the API answers plan_limit_reached; says whether it did. */
  onPlanLimit: (error: unknown) => boolean;
}

/** Create / edit a work location: name, address, map point (click, drag, search or GPS) and radius. */
export function WorkLocationModal({ opened, location, onClose, onPlanLimit }: WorkLocationModalProps) {
  const { t } = useTranslation('settings');
  const phone = useIsMobile();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={location ? t('locations.form.titleEdit') : t('locations.form.titleCreate')}
      size={860}
      fullScreen={phone}
      centered
      styles={{ title: { fontWeight: 700 } }}
    >
      {opened && <WorkLocationForm location={location} onDone={onClose} onPlanLimit={onPlanLimit} />}
    </Modal>
  );
}

export function WorkLocationForm({
  location,
  onDone,
  onPlanLimit,
}: {
  location: WorkLocation | null;
  onDone: () => void;
  onPlanLimit: (error: unknown) => boolean;
}) {
  const { t } = useTranslation('settings');
  const message = useMessage();
  const save = useSaveLocation();
  const tiles = useMapTiles();
  const [serverError, setServerError] = useState<string | null>(null);
  const [gps, setGps] = useState<{ loading: boolean; error: string | null }>({ loading: false, error: null });
  const form = useForm<LocationFormValues>({ mode: 'controlled', initialValues: valuesOf(location), validate: validateLocation });
  const formRef = useRef<HTMLFormElement>(null);
  // The form is taller than a laptop's modal: bring the first problem into view.
  const showFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector('[aria-invalid="true"], [role="alert"]')?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
    );

  const { latitude, longitude } = form.values;
  const point = latitude !== null && longitude !== null ? { latitude, longitude } : null;
  const radius = Number(form.values.allowedRadius);
  const shownRadius = Number.isInteger(radius) && radius >= RADIUS_MIN && radius <= RADIUS_MAX ? radius : RADIUS_DEFAULT;
  const positionError = message((form.errors.latitude ?? form.errors.longitude) as string | undefined);

  const { setFieldValue, clearFieldError } = form;
  const pick = useCallback(
    (p: LatLng) => {
      setFieldValue('latitude', p.latitude);
      setFieldValue('longitude', p.longitude);
      clearFieldError('latitude');
      clearFieldError('longitude');
    },
    [setFieldValue, clearFieldError],
  );

  const locateWithGps = () => {
    const fail = () => setGps({ loading: false, error: t('locations.form.gpsError') });
    if (!navigator.geolocation) return fail();
    setGps({ loading: true, error: null });
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setGps({ loading: false, error: null });
        pick({ latitude: pos.coords.latitude, longitude: pos.coords.longitude });
      },
      fail,
      { enableHighAccuracy: true, timeout: GPS_TIMEOUT_MS, maximumAge: 0 },
    );
  };

  const submit = form.onSubmit((values) => {
    setServerError(null);
    const body = locationInput.parse(normalize(values)) as LocationBody;
    save.mutate(
      { id: location?.id, body },
      {
        onSuccess: (msg) => {
          notify.success(msg || (location ? t('locations.form.updated') : t('locations.form.created')));
          onDone();
        },
        onError: (error) => {
          if (!location && onPlanLimit(error)) return onDone();
          applyServerErrors(form, error);
          setServerError(errorMessage(t, error, t('locations.form.saveError')));
          showFirstError();
        },
      },
    );
  }, showFirstError);

  const field = (name: keyof LocationFormValues) => ({ ...form.getInputProps(name), error: message(form.errors[name] as string | undefined) });

  return (
    <form onSubmit={submit} noValidate ref={formRef}>
      <Stack gap="md">
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {serverError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('locations.form.name')} placeholder={t('locations.form.namePlaceholder')} withAsterisk data-autofocus {...field('name')} />
          <TextInput label={t('locations.form.address')} placeholder={t('locations.form.addressPlaceholder')} {...field('address')} />
        </SimpleGrid>
        <AddressSearch
          pointKey={point ? `${point.latitude},${point.longitude}` : ''}
          onSelect={(result) => {
            pick(result);
            if (!form.values.address.trim()) setFieldValue('address', result.displayName.slice(0, 300));
          }}
        />
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
              {t('locations.form.mapHint')}
            </Text>
            <Button variant="default" size="xs" leftSection={<IconCurrentLocation size={16} />} onClick={locateWithGps} loading={gps.loading}>
              {t('locations.form.gps')}
            </Button>
          </Group>
          {gps.error && (
            <Text size="sm" c="red.7" role="alert">
              {gps.error}
            </Text>
          )}
          <Suspense fallback={<Skeleton h={MAP_HEIGHT} radius="md" />}>
            {tiles === undefined ? (
              <Skeleton h={MAP_HEIGHT} radius="md" />
            ) : (
              <LocationMap
                point={point}
                radius={shownRadius}
                onPick={pick}
                label={t('locations.form.mapLabel')}
                tilesUnavailableText={t('locations.form.tilesUnavailable')}
                tiles={tiles}
              />
            )}
          </Suspense>
          {positionError ? (
            <Text size="sm" c="red.7" role="alert">
              {positionError}
            </Text>
          ) : (
            point && (
              <Group gap={6} c="indigo.7" wrap="nowrap">
                <IconMapPin size={16} style={{ flexShrink: 0 }} />
                <Text size="sm" fw={500}>
                  {t('locations.form.selected', { latitude: point.latitude.toFixed(6), longitude: point.longitude.toFixed(6) })}
                </Text>
              </Group>
            )
          )}
        </Stack>
        <NumberInput
          label={t('locations.form.radius')}
          description={t('locations.form.radiusHint')}
          min={RADIUS_MIN}
          max={RADIUS_MAX}
          step={10}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          suffix=" m"
          maw={320}
          withAsterisk
          {...field('allowedRadius')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('locations.form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {location ? t('locations.form.save') : t('locations.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
