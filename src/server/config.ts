import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { trimTrailingSlashes } from '../shared/clean-path';
import { parseTrustProxy } from './trust-proxy';

/**
 * The settings this server reads from the environment: the only place that reads a setting from
 * process.env (what else touches it, and why: docs/architecture.md#dependency-rules).
 */
const settingsSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * The key that encrypts authenticator-app secrets (decision 0058): a file outside the database
   * and its backups, made by the first start; unset, `secrets-key` in DATA_DIR.
   */
  SECRETS_KEY_FILE: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  ADMIN_API_KEY: z.string().min(24, 'must be at least 24 characters long').optional(),
  /** Staff sessions end after this long without an admin call (fractions allowed, for tests). */
  ADMIN_SESSION_IDLE_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .min(0.01, 'must be at least 0.01')
    .max(7 * 24 * 60, 'must be at most a week')
    .default(30),
  /** ...and this long after sign-in, however active. */
  ADMIN_SESSION_MAX_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .min(0.001, 'must be at least 0.001')
    .max(24 * 30, 'must be at most 30 days')
    .default(12),
  /**
   * How recent a proof (a passkey, or the password and a code) must be to change how an account
   * signs in (issue 36). Fractions allowed, for tests (the e2e spec waits past one to see the dialog).
   */
  STEP_UP_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .min(0.01, 'must be at least 0.01')
    .max(60, 'must be at most 60')
    .default(10),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ADMIN_LINK_HOSTS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The request log (http/request-log.ts): a line for every request, or only for those answered
   * 4xx or 5xx or slower than a second (some 155 bytes a request: README "Logs").
   */
  REQUEST_LOG: z.enum(['all', 'errors'], { error: "must be 'all' or 'errors'" }).default('all'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed.ok) return parsed.value;
      context.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
  RETENTION_MONTHS: z.coerce
    .number({ error: 'must be a whole number of months' })
    .int('must be a whole number of months')
    .min(1, 'must be at least 1')
    .max(1200, 'must be at most 1200')
    .default(24),
  // A minute: staff writes and scheduled posts retire cached pages at once through the cache key
  // (decision 0014), so the time limit is only a backstop; a shorter one re-rendered and
  // re-compressed every page in every worker every few seconds under load (decision 0042).
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(60_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'must start with smtp:// or smtps://')
    .optional(),
  NOTIFY_EMAIL: z.email('must be an e-mail address').optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** With mail on, parents get a short confirmation of their enquiry (decision 0032). */
  PARENT_CONFIRMATION: z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on'),
  /** Private visit counts and enquiry attribution (decision 0065); 'off' counts nothing (the bench compares). */
  ANALYTICS: z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on'),
  /** Page views one address (IPv6 by its /64) may add in a minute, per process; beyond, left out (issue 49). */
  ANALYTICS_ADDRESS_LIMIT: z.coerce
    .number({ error: 'must be a whole number of views a minute' })
    .int('must be a whole number of views a minute')
    .min(1, 'must be at least 1')
    .max(1_000_000_000, 'must be at most 1000000000')
    .default(120),
  /** Enquiries one address may send in 15 minutes (forms and API together, per endpoint). */
  ENQUIRY_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  IMAGE_MAX_PIXELS: z.coerce.number().int().min(10_000).max(268_000_000).default(50_000_000),
  /** Server processes: 'auto' is one per core (docs/decisions/0015-web-concurrency.md). */
  WEB_CONCURRENCY: z
    .string()
    .regex(/^(auto|[1-9]\d?)$/, "must be 'auto' or a number of processes from 1 to 99")
    .default('auto'),
  /** Bearer token for GET /metrics; unset: no metrics route (decision 0024). */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters long').optional(),
});

/**
 * The variables of the settings file that the site's commands read beside the server's: restic's
 * own, which `npm run backup`, `restore` and the doctor pass on to restic (README "Back up and
 * restore"). All of restic's, so that none of them is taken for a misspelling.
 */
export const backupSettingNames = [
  'RESTIC_REPOSITORY',
  'RESTIC_REPOSITORY_FILE',
  'RESTIC_PASSWORD',
  'RESTIC_PASSWORD_FILE',
  'RESTIC_PASSWORD_COMMAND',
  'RESTIC_KEY_HINT',
  'RESTIC_CACHE_DIR',
  'RESTIC_CACERT',
  'RESTIC_TLS_CLIENT_CERT',
  'RESTIC_COMPRESSION',
  'RESTIC_PACK_SIZE',
  'RESTIC_READ_CONCURRENCY',
  'RESTIC_HOST',
  'RESTIC_PROGRESS_FPS',
  'RESTIC_FEATURES',
  'RESTIC_REST_USERNAME',
  'RESTIC_REST_PASSWORD',
  'RESTIC_FROM_REPOSITORY',
  'RESTIC_FROM_REPOSITORY_FILE',
  'RESTIC_FROM_PASSWORD',
  'RESTIC_FROM_PASSWORD_FILE',
  'RESTIC_FROM_PASSWORD_COMMAND',
  'RESTIC_FROM_KEY_HINT',
] as const;

/**
 * Every variable the site reads (README "Configuration" and "Back up and restore"): the one list
 * both the server's warning at start and the doctor check a variable against (start-checks.ts).
 * Anything else is ignored, and warned about when it looks like one of these.
 */
export const settingNames: readonly string[] = [...Object.keys(settingsSchema.shape), ...backupSettingNames];

const environmentSchema = settingsSchema
  .refine((env) => !env.SMTP_URL || env.NOTIFY_EMAIL, {
    path: ['NOTIFY_EMAIL'],
    message: 'is required when SMTP_URL is set (it is where new enquiries are e-mailed)',
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    secretsKeyFile: path.resolve(env.SECRETS_KEY_FILE ?? path.join(env.DATA_DIR, 'secrets-key')),
    databaseUrl: env.DATABASE_URL,
    adminApiKey: env.ADMIN_API_KEY,
    adminSession: {
      idleMs: Math.round(env.ADMIN_SESSION_IDLE_MINUTES * 60_000),
      maxMs: Math.round(env.ADMIN_SESSION_MAX_HOURS * 3_600_000),
      stepUpMs: Math.round(env.STEP_UP_MINUTES * 60_000),
    },
    publicUrl: trimTrailingSlashes(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`),
    adminLinkHosts: env.ADMIN_LINK_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL,
    requestLog: env.REQUEST_LOG,
    trustProxy: env.TRUST_PROXY,
    retentionMonths: env.RETENTION_MONTHS,
    pageCacheMs: env.PAGE_CACHE_MS,
    /** Staff notification e-mail; undefined means notifications are off. */
    mail:
      env.SMTP_URL && env.NOTIFY_EMAIL
        ? {
            smtpUrl: env.SMTP_URL,
            notifyEmail: env.NOTIFY_EMAIL,
            from: env.MAIL_FROM ?? env.NOTIFY_EMAIL,
            confirmParents: env.PARENT_CONFIRMATION === 'on',
          }
        : undefined,
    enquiryRateLimit: env.ENQUIRY_RATE_LIMIT,
    analytics: env.ANALYTICS === 'on',
    analyticsAddressLimit: env.ANALYTICS_ADDRESS_LIMIT,
    imageMaxBytes: env.IMAGE_MAX_BYTES,
    imageMaxPixels: env.IMAGE_MAX_PIXELS,
    /** How many processes serve requests; 1 means no cluster (one process does everything). */
    webConcurrency: env.WEB_CONCURRENCY === 'auto' ? os.availableParallelism() : Number(env.WEB_CONCURRENCY),
    metricsToken: env.METRICS_TOKEN,
  }));

export type Config = z.output<typeof environmentSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once at start; a bad value stops the server naming the variable. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const result = environmentSchema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);
}
