import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** A numeric setting; one that is not a number is named in plain words (zod's own text says "received NaN"). */
const number = () =>
  z.coerce.number({
    error: (issue) =>
      issue.code !== 'invalid_type'
        ? undefined
        : issue.expected === 'int'
          ? 'must be a whole number'
          : 'must be a number',
  });

/** Every setting the API reads, parsed once at start; nothing else touches process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: number().int().min(0).max(65535).default(5000),
  DATA_DIR: z.string().min(1).default('./data'),
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, { error: 'must start with mongodb:// or mongodb+srv://' })
    .optional(),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]?$/, { error: 'must look like 3600, 15m, 12h or 7d' })
    .default('7d'),
  CORS_ORIGIN: z.string().default('http://localhost:5173'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/i, { error: 'must look like 100kb or 1mb' })
    .default('1mb'),
  // Uploads stream to disk, so the ceiling is disk space (checked per upload), not memory: up to 10 GB.
  MAX_UPLOAD_MB: number()
    .positive({ error: 'must be a positive number of MB' })
    .max(10240, { error: 'must be at most 10240 (10 GB)' })
    .default(100),
  JOB_CONCURRENCY: number().int().min(1).max(16).default(1),
  JOB_QUEUE_LIMIT: number().int().min(1).default(20),
  JOB_TIMEOUT_SECONDS: number().int().positive().default(900),
  // MongoDB: how long a worker's claim on a job lasts without a heartbeat before another worker may take the job over.
  JOB_LEASE_SECONDS: number().min(1).max(3600).default(30),
  // The extraction worker's heap. Its live objects stay small (a 2.5 GB model's indexes are typed arrays outside the
  // heap; its extraction ran in 512 MB), and V8 lets a heap grow to a few times what is alive before collecting: with
  // 2048 that garbage put the 2.5 GB model's server at 1.7 GB of RSS.
  WORKER_MAX_OLD_MB: number().int().min(64).default(512),
  ODATA_PAGE_SIZE: number().int().min(1).max(100000).default(5000),
  // Minutes a replaced version's rows outlive the switch, so that a BI pull begun on it ends on it (fractions allowed).
  SNAPSHOT_GRACE_MINUTES: number().min(0).max(10080).default(30),
  // Which extractor reads uploaded models: the streaming STEP reader (default; reads the file from disk in chunks) or
  // web-ifc (the reference implementation, which holds the whole file in WebAssembly memory).
  IFC_EXTRACTOR: z.enum(['step', 'web-ifc']).default('step'),
  // Whether the next job's extraction worker is started and rehearses (extracts a small generated model) while the
  // server has nothing to do, so its code is compiled before its job comes: ~0.4 s of one core after each quiet spell.
  IFC_SPARE_REHEARSAL: bool.default(true),
  ROW_BATCH_SIZE: number().int().min(1).max(100000).default(2000),
  BCRYPT_COST: number().int().min(10).max(15).default(10),
  LOGIN_MAX_FAILURES_PER_USER: number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: number().int().positive().default(50),
  LOGIN_WINDOW_SECONDS: number().int().positive().default(900),
  TRUST_PROXY: bool.default(false),
  SHUTDOWN_TIMEOUT_MS: number().int().positive().default(10000),
  WEB_DIST_DIR: z.string().optional(),
  // Issue 16: what this instance does. `all` = HTTP and processing in one process (the default); on MongoDB, `api`
  // instances serve HTTP only and `worker` instances only process jobs (and answer /health).
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  // How this instance names itself in job leases and /health; unique per process when unset.
  INSTANCE_ID: z.string().min(1).max(200).optional(),
});

export type Env = z.infer<typeof envSchema>;
/** The name of every setting; the README's configuration table lists each (env-readme.test.ts checks it). */
export const SETTING_NAMES = Object.keys(envSchema.shape) as (keyof Env)[];
export type Config = Omit<Env, 'DATA_DIR' | 'INSTANCE_ID'> & { DATA_DIR: string; INSTANCE_ID: string };

/** `<hostname>-<pid>-<4 hex>`: readable in logs, and two processes (even a restart reusing a pid) never share it. */
const defaultInstanceId = () => `${os.hostname()}-${process.pid}-${randomBytes(2).toString('hex')}`;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment, naming every bad key at once so a deploy fails fast and fixably. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const { ROLE, MONGODB_URI } = result.data;
  if (ROLE !== 'all' && !MONGODB_URI) {
    // Split roles only make sense when the instances share queue, files and events: SQLite keeps them in one process.
    throw new ConfigError([
      `ROLE: ROLE=${ROLE} needs MONGODB_URI: the instances share their state through MongoDB`,
    ]);
  }
  return {
    ...result.data,
    DATA_DIR: path.resolve(result.data.DATA_DIR),
    INSTANCE_ID: result.data.INSTANCE_ID ?? defaultInstanceId(),
  };
}
