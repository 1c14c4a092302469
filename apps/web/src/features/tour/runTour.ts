import 'driver.js/dist/driver.css';
import './tour.css';
import { type Config, type Driver, driver } from 'driver.js';

const DUMMY_ARIA = ['aria-haspopup', 'aria-expanded', 'aria-controls'];

/**
 * driver.js and its styles, loaded only when a tour starts. A step with no element (the centred welcome) is
 * anchored on an invisible plain div (#driver-dummy-element) that driver.js marks as opening the dialog; a div
 * may not carry those attributes (axe aria-allowed-attr, Lighthouse accessibility 95 on the first screen), and
 * the popover itself is the dialog, so they are taken off it once the step shows (decision 0050).
 */
export function createTour(config: Config): Driver {
  return driver({
    ...config,
    onHighlighted: (element, step, options) => {
      const dummy = document.getElementById('driver-dummy-element');
      for (const name of DUMMY_ARIA) dummy?.removeAttribute(name);
      config.onHighlighted?.(element, step, options);
    },
  });
}
