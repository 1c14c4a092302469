import type { Driver } from 'driver.js';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompleteTour } from './api';
import { buildTourSteps } from './steps';

let active: Driver | null = null;
let starting = false;
let silent = false;
/** Bumped by stopGuidedTour, so a tour still loading when the dashboard goes away never appears. */
let generation = 0;

/** Closes a running tour without marking it completed (the dashboard is going away). */
export function stopGuidedTour(): void {
  generation += 1;
  if (!active?.isActive()) return;
  silent = true;
  active.destroy();
  silent = false;
}

/**
 * Returns `start()`: runs the guided tour over the dashboard shell (driver.js, loaded on first use). Closing it
 * or finishing it marks it completed (POST /tour/complete, spec §4). Only one tour runs at a time; resolves
 * to whether it started.
 */
export function useGuidedTour(): () => Promise<boolean> {
  const { t } = useTranslation(['dashboard', 'common']);
  const { mutate: complete } = useCompleteTour();
  return useCallback(async () => {
    if (starting || active?.isActive()) return false;
    starting = true;
    const gen = generation;
    let createTour: typeof import('./runTour').createTour;
    try {
      ({ createTour } = await import('./runTour'));
    } finally {
      starting = false;
    }
    const steps = buildTourSteps(t);
    if (gen !== generation || steps.length === 0 || active?.isActive()) return false;
    const tour = createTour({
      steps,
      showProgress: true,
      progressText: t('dashboard:tour.progress', { current: '{{current}}', total: '{{total}}' }),
      nextBtnText: t('dashboard:tour.next'),
      prevBtnText: t('dashboard:tour.previous'),
      doneBtnText: t('dashboard:tour.done'),
      allowClose: true,
      smoothScroll: true,
      stagePadding: 6,
      stageRadius: 10,
      overlayOpacity: 0.55,
      popoverClass: 'presente-tour',
      onPopoverRender: (popover) => {
        popover.closeButton.setAttribute('aria-label', t('common:actions.close'));
      },
      // Marked as seen as soon as the person closes or finishes it: driver.js only fires onDestroyed after
      // the highlight animation, so a very quick close would otherwise be lost.
      onDestroyStarted: () => {
        markSeen();
        tour.destroy();
      },
      onDestroyed: () => {
        if (active === tour) active = null;
        markSeen();
      },
    });
    let seen = false;
    const markSeen = () => {
      if (seen || silent) return;
      seen = true;
      complete();
    };
    active = tour;
    tour.drive();
    return true;
  }, [t, complete]);
}
