import { Schema, type Connection, type Model } from 'mongoose';

export interface UserDoc {
  _id: string;
  username: string;
  usernameKey: string;
  email: string;
  emailKey: string;
  passwordHash: string;
  tokenVersion: number;
  createdAt: Date;
  updatedAt: Date;
}

const userSchema = new Schema<UserDoc>(
  {
    _id: { type: String, required: true },
    username: { type: String, required: true },
    // Lower-cased keys carry the unique indexes: the database, not only code, keeps names unique.
    usernameKey: { type: String, required: true },
    email: { type: String, required: true },
    emailKey: { type: String, required: true },
    passwordHash: { type: String, required: true },
    tokenVersion: { type: Number, required: true, default: 0 },
  },
  { collection: 'users', timestamps: true, versionKey: false, strict: 'throw' },
);
userSchema.index({ usernameKey: 1 }, { unique: true, name: 'users_username_key_unique' });
userSchema.index({ emailKey: 1 }, { unique: true, name: 'users_email_key_unique' });

export const userModel = (conn: Connection): Model<UserDoc> => conn.model<UserDoc>('User', userSchema);
