import type { mongo } from 'mongoose';
import { isDuplicateKey } from '../../store/mongo/duplicate-key';

/** Instance-wide settings the instances on one database share, one document per setting. */
export const SETTINGS = 'settings';
const JWT_SECRET_ID = 'jwtSecret';

interface SettingDoc {
  _id: string;
  value: string;
  createdAt: Date;
}

/**
 * The generated JWT secret of every instance on this database: created by whichever instance asks first (an upsert
 * that only inserts, so instances starting at once agree on one), read back by the others. `generate` is called
 * every time; its value is kept only when the setting is new.
 */
export async function sharedJwtSecret(db: mongo.Db, generate: () => string): Promise<string> {
  const settings = db.collection<SettingDoc>(SETTINGS);
  try {
    await settings.updateOne(
      { _id: JWT_SECRET_ID },
      { $setOnInsert: { value: generate(), createdAt: new Date() } },
      { upsert: true },
    );
  } catch (err) {
    // Two upserts at once: the other one inserted it.
    if (!isDuplicateKey(err)) throw err;
  }
  const secret = (await settings.findOne({ _id: JWT_SECRET_ID }))?.value;
  if (typeof secret !== 'string' || secret.length < 32)
    throw new Error(
      `the ${SETTINGS} collection holds no usable JWT secret (${JWT_SECRET_ID}); delete that document to regenerate`,
    );
  return secret;
}
