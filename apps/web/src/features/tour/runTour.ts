import 'driver.js/dist/driver.css';
import './tour.css';
import { type Config, type Driver, driver } from 'driver.js';

/** driver.js and its styles, loaded only when a tour starts. */
export function createTour(config: Config): Driver {
  return driver(config);
}
