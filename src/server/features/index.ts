import type { FeaturePlugin } from '../context';
import { contactSubmissionRoutes } from './contact-submissions/routes';
import { healthRoutes } from './health/routes';
import { imagesRoutes } from './images/routes';
import { settingsRoutes } from './settings/routes';

/** Every API feature, registered in this order before the page renderer. */
export const features: readonly FeaturePlugin[] = [healthRoutes, settingsRoutes, contactSubmissionRoutes, imagesRoutes];
