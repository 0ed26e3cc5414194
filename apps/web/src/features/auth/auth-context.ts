import type { PublicUser, RegisterRequest } from '@aec/contracts';
import { createContext } from 'react';

/** Spec §3 Auth state: user, token, loading, error, and its actions. */
export type AuthState = {
  user: PublicUser | null;
  token: string | null;
  loading: boolean;
  error: string | null;
};

export type AuthContextValue = AuthState & {
  /** Resolves once the token is stored and the profile fetched; rejects with the request error. */
  login: (username: string, password: string) => Promise<PublicUser>;
  register: (body: RegisterRequest) => Promise<void>;
  logout: () => void;
  /** Resolves to the fetched user, or null after setting `error` and clearing the user. */
  fetchMe: () => Promise<PublicUser | null>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);
