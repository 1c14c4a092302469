import type { DriveStep } from 'driver.js';
import type { TFunction } from 'i18next';

/**
 * The 11 stops of the guided tour (spec §2), in order. Each names the `data-tour` attribute of its
 * target in the dashboard shell; tab stops whose tab is not in the sidebar are skipped.
 */
export const TOUR_STOPS = [
  { id: 'brand', target: 'sidebar-brand', side: 'right' },
  { id: 'overview', target: 'tab-overview', side: 'right' },
  { id: 'employees', target: 'tab-employees', side: 'right' },
  { id: 'schedules', target: 'tab-schedules', side: 'right' },
  { id: 'attendance', target: 'tab-attendance', side: 'right' },
  { id: 'reports', target: 'tab-reports', side: 'right' },
  { id: 'holidays', target: 'tab-holidays', side: 'right' },
  { id: 'subscription', target: 'tab-subscription', side: 'right' },
  { id: 'settings', target: 'tab-settings', side: 'right' },
  { id: 'userMenu', target: 'user-menu', side: 'bottom' },
  { id: 'content', target: 'page-content', side: 'left' },
] as const;

function isOnScreen(el: Element): boolean {
  const rect = el.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 && rect.right > 0 && rect.left < window.innerWidth;
}

/**
 * The driver.js steps for the current page: a stop whose element does not exist is skipped; one whose
 * element exists but is off screen (the sidebar on a phone) is shown as a centred card.
 */
export function buildTourSteps(t: TFunction, root: ParentNode = document): DriveStep[] {
  const steps: DriveStep[] = [];
  for (const stop of TOUR_STOPS) {
    const candidates = [...root.querySelectorAll(`[data-tour="${stop.target}"]`)];
    if (candidates.length === 0) continue;
    const element = candidates.find(isOnScreen);
    steps.push({
      element: element ?? undefined,
      popover: {
        title: t(`dashboard:tour.steps.${stop.id}.title`),
        // A tab hidden in the closed phone menu: say where to find it.
        description:
          !element && stop.target.startsWith('tab-')
            ? t('dashboard:tour.inMenu', { description: t(`dashboard:tour.steps.${stop.id}.description`) })
            : t(`dashboard:tour.steps.${stop.id}.description`),
        side: stop.side,
        align: 'start',
      },
    });
  }
  // The first stop has nowhere to go back to: no "Anterior" at all (driver.js only disables it, and a
  // disabled button in the product's look still reads as one to press).
  if (steps[0]?.popover) steps[0].popover.showButtons = ['next', 'close'];
  return steps;
}
