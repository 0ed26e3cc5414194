import { createHash, randomBytes } from 'node:crypto';

const PREFIX = 'aecft_';

/** A new secret for HTTP Basic feed access: 32 random bytes, recognisable by its prefix. */
export const newFeedTokenSecret = (): string => `${PREFIX}${randomBytes(32).toString('base64url')}`;

/** Secrets are stored only as SHA-256: they are long and random, so a slow hash adds nothing. */
export const hashFeedToken = (secret: string): string => createHash('sha256').update(secret).digest('hex');
