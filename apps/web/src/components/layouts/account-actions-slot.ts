import type { ComponentType } from 'react';

/**
 * The header's account buttons (Login/Sign Up or Dashboard/Logout) depend on the signed-in state, which the
 * auth feature owns; layouts may not import features, so the app passes the component in.
 */
export type AccountActionsSlot = ComponentType<{ onDone?: () => void; stacked?: boolean }>;
