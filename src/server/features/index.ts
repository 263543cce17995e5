import type { FeaturePlugin } from '../context';
import { adminSessionRoutes } from '../auth/session-routes';
import { binRoutes } from './bin/routes';
import { blogRoutes } from './blog/routes';
import { inboxRoutes } from './enquiries/inbox-routes';
import { healthRoutes } from './health/routes';
import { seoRoutes } from './seo/routes';
import { imagesRoutes } from './images/routes';
import { settingsRoutes } from './settings/routes';
import { enquiryFormRoutes } from './enquiries/routes';
import { workflowRoutes } from './enquiries/workflow-routes';

/** Every API feature, registered in this order before the page renderer. */
export const features: readonly FeaturePlugin[] = [
  healthRoutes,
  adminSessionRoutes,
  settingsRoutes,
  enquiryFormRoutes,
  inboxRoutes,
  workflowRoutes,
  imagesRoutes,
  seoRoutes,
  blogRoutes,
  binRoutes,
];
