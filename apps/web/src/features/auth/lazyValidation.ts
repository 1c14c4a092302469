import type { FormErrors } from '@mantine/form';
import { useEffect } from 'react';

type Validators = typeof import('./authValidation');

let loaded: Validators | undefined;
let pending: Promise<Validators> | undefined;

/** Fetches the shared schemas' checks (authValidation.ts, its own chunk) once. */
export function loadAuthValidation(): Promise<Validators> {
  pending ??= import('./authValidation').then((module) => {
    loaded = module;
    return module;
  });
  return pending;
}

/**
 * A form's validate function by one of the lazy validators: no errors until the chunk is there, so a submit
 * must go through `whenValidationReady` first. The page starts the load as it shows (`usePreloadAuthValidation`).
 */
export function lazyValidate<V>(name: 'validateLogin' | 'validateRegister'): (values: V) => FormErrors {
  return (values) => (loaded ? (loaded[name] as (values: V) => FormErrors)(values) : {});
}

/** Starts fetching the checks when the page mounts: they arrive while the visitor types. */
export function usePreloadAuthValidation(): void {
  useEffect(() => {
    void loadAuthValidation();
  }, []);
}

/** A form's submit handler that waits for the checks first (at once when they are loaded). */
export function whenValidationReady<E extends { preventDefault: () => void }>(handler: (event?: E) => void) {
  return (event?: E) => {
    event?.preventDefault();
    if (loaded) handler(event);
    else void loadAuthValidation().then(() => handler(event));
  };
}
