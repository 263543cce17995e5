import type { FeaturePlugin } from '../context';
import { blogRoutes } from './blog/routes';
import { contactSubmissionRoutes } from './contact-submissions/routes';
import { healthRoutes } from './health/routes';
import { seoRoutes } from './seo/routes';
import { imagesRoutes } from './images/routes';
import { settingsRoutes } from './settings/routes';
import { submissionsRoutes } from './submissions/routes';

/** Every API feature, registered in this order before the page renderer. */
export const features: readonly FeaturePlugin[] = [
  healthRoutes,
  settingsRoutes,
  submissionsRoutes,
  contactSubmissionRoutes,
  imagesRoutes,
  seoRoutes,
  blogRoutes,
];
